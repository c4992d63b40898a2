// docker-compose.yml and k8s/ describe the same system: same image name and tag scheme, same
// commands, ports and health paths per app, and the image's own defaults agree with both.
import { SERVER_APPS } from '../src/apps';
import { commandWords, loadCompose } from '../src/compose';
import { instructionsOf, parseDockerfile } from '../src/dockerfile';
import { interpolate } from '../src/interpolate';
import { type Deployment, loadKustomization, loadManifests, splitImage } from '../src/k8s';

const compose = loadCompose();
const manifests = loadManifests();
const appCases = SERVER_APPS.map((app) => [app.name, app] as const);
const deploymentOf = (name: string) =>
  manifests.deployments.find((candidate) => candidate.metadata.name === `council-${name}`) as Deployment;

describe('docker-compose.yml and k8s/ agree', () => {
  it('use the same image name and default tag', () => {
    const composeImage = splitImage(interpolate(compose.services.gateway.image ?? '', {}));
    const k8sImage = splitImage(deploymentOf('gateway').spec.template.spec.containers[0].image);
    const retag = loadKustomization().images?.find((image) => image.name === k8sImage.name);
    expect(composeImage.name).toBe(k8sImage.name);
    expect(composeImage.tag).toBe(retag?.newTag ?? k8sImage.tag);
    expect(k8sImage.tag).toBe(composeImage.tag);
  });

  it('let the image name and tag be chosen per release', () => {
    expect(compose.services.gateway.image).toMatch(/\$\{[A-Z_]+:-[^}]+\}:\$\{[A-Z_]+:-[^}]+\}/);
  });

  it.each(appCases)('%s: same command and port', (name, app) => {
    const container = deploymentOf(name).spec.template.spec.containers[0];
    expect(commandWords(compose.services[name].command)).toEqual([
      ...(container.command ?? []),
      ...(container.args ?? []),
    ]);
    expect(container.ports?.[0]?.containerPort).toBe(app.defaultPort);
  });

  it('the image EXPOSEs and health-checks the default command’s app as both deploy it', () => {
    const stages = parseDockerfile().stages;
    const runtime = stages[stages.length - 1];
    const cmd = JSON.parse(instructionsOf(runtime, 'CMD')[0].args) as string[];
    const app = SERVER_APPS.find((candidate) => candidate.command.join(' ') === cmd.join(' '));
    expect(app).toBeDefined();
    expect(commandWords(compose.services[app?.name ?? ''].command)).toEqual(cmd);
  });
});
