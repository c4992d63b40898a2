import { readRepoFile } from './repo';

export interface Instruction {
  keyword: string;
  args: string;
  /** 1-based line of the instruction's first line. */
  line: number;
}

export interface Stage {
  /** The FROM image (ARGs not substituted) and the stage name, if any. */
  from: string;
  name?: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARGs declared before the first FROM, with their defaults. */
  globalArgs: Record<string, string>;
  stages: Stage[];
}

/** Splits a Dockerfile into instructions: line continuations joined, comment lines dropped (as Docker does). */
export function parseInstructions(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  const lines = text.split('\n');
  let current: { text: string; line: number } | undefined;
  lines.forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (/^\s*#/.test(line) || (current === undefined && line.trim() === '')) return;
    const continued = /\\\s*$/.test(line);
    const content = continued ? line.replace(/\\\s*$/, '') : line;
    current = current
      ? { ...current, text: `${current.text} ${content.trim()}` }
      : { text: content.trim(), line: index + 1 };
    if (!continued) {
      const [keyword, ...rest] = current.text.split(/\s+/);
      instructions.push({ keyword: keyword.toUpperCase(), args: rest.join(' '), line: current.line });
      current = undefined;
    }
  });
  return instructions;
}

export function parseDockerfile(text = readRepoFile('Dockerfile')): Dockerfile {
  const result: Dockerfile = { globalArgs: {}, stages: [] };
  for (const instruction of parseInstructions(text)) {
    if (instruction.keyword === 'FROM') {
      const match = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!match) throw new Error(`Dockerfile:${instruction.line}: cannot read FROM ${instruction.args}`);
      result.stages.push({ from: match[1], name: match[2], instructions: [] });
    } else if (result.stages.length === 0) {
      if (instruction.keyword === 'ARG') {
        const [name, value = ''] = instruction.args.split('=');
        result.globalArgs[name.trim()] = value.trim();
      }
    } else {
      result.stages[result.stages.length - 1].instructions.push(instruction);
    }
  }
  return result;
}

/** `${NAME}` / `$NAME` in a FROM line, with the global ARG defaults. */
export function substituteArgs(text: string, args: Record<string, string>): string {
  return text.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (whole, name: string) => args[name] ?? whole);
}

/** The instructions of one stage with a given keyword. */
export function instructionsOf(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword);
}

/** `ENV A=1 B=2` / `ENV A 1` as a map. */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of instructionsOf(stage, 'ENV')) {
    if (!args.includes('=')) {
      const [name, ...value] = args.split(/\s+/);
      env[name] = value.join(' ');
      continue;
    }
    for (const match of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
      env[match[1]] = match[2].replace(/^"(.*)"$/, '$1');
    }
  }
  return env;
}

/** The stage a `COPY --from=<stage>` names, for each COPY of a stage. */
export function copySources(stage: Stage): Array<{ from?: string; args: string }> {
  return instructionsOf(stage, 'COPY').map(({ args }) => ({ from: /--from=(\S+)/.exec(args)?.[1], args }));
}

/** The JSON (exec) form of CMD or ENTRYPOINT, as an array. */
export function execForm(instruction: Instruction | undefined): string[] | undefined {
  if (!instruction) return undefined;
  const parsed: unknown = JSON.parse(instruction.args);
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
    throw new Error(
      `Dockerfile:${instruction.line}: ${instruction.keyword} is not in exec (JSON array) form`,
    );
  }
  return parsed;
}
