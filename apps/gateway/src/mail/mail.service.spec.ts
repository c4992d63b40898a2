import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { GatewayEnv } from '../config/gateway.env';
import { MailService } from './mail.service';

const mail = { to: 'ada@example.com', subject: 'Reset your password', text: 'Open https://x.test/r/abc' };

function outboxService(dir: string): MailService {
  return new MailService(Object.assign(new GatewayEnv(), { MAIL_OUTBOX_DIR: dir }));
}

describe('MailService without SMTP (the outbox)', () => {
  let root: string;
  let logged: jest.SpyInstance;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'council-mail-'));
    logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });

  afterEach(() => {
    logged.mockRestore();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes the message as an .eml file and logs its text', async () => {
    const service = outboxService(join(root, 'outbox'));
    await service.send(mail);

    const [file] = readdirSync(join(root, 'outbox'));
    expect(file).toMatch(/\.eml$/);
    expect(readFileSync(join(root, 'outbox', file ?? ''), 'utf8')).toContain('Subject: Reset your password');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('Open https://x.test/r/abc'));
  });

  it('still logs the message when its folder cannot be written, and reports the failure', async () => {
    const notAFolder = join(root, 'file');
    writeFileSync(notAFolder, '');
    const service = outboxService(join(notAFolder, 'outbox'));

    await expect(service.send(mail)).rejects.toThrow(/ENOTDIR|EEXIST/);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('Open https://x.test/r/abc'));
  });
});
