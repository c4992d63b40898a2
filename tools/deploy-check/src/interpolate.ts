/**
 * Docker Compose variable interpolation: `$$`, `$VAR`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`,
 * `${VAR:?error}`, `${VAR?error}`, `${VAR:+replacement}`, `${VAR+replacement}`, with nesting in the
 * default/replacement (`${A:-${B:-x}}`), as https://docs.docker.com/reference/compose-file/interpolation/.
 */
export type Variables = Readonly<Record<string, string | undefined>>;

export class InterpolationError extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/** Index of the `}` closing the `${` whose body starts at `start`, honouring nested `${...}`. */
function closingBrace(text: string, start: number): number {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '$' && text[i + 1] === '$') {
      i++;
    } else if (text[i] === '$' && text[i + 1] === '{') {
      depth++;
      i++;
    } else if (text[i] === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  throw new InterpolationError(`unterminated \${ in "${text}"`);
}

function expandBraced(body: string, variables: Variables, whole: string): string {
  const name = NAME.exec(body)?.[0];
  if (!name) throw new InterpolationError(`invalid variable "\${${body}}" in "${whole}"`);
  const rest = body.slice(name.length);
  const value = variables[name];
  if (rest === '') return value ?? '';
  const operator = /^(:-|-|:\?|\?|:\+|\+)/.exec(rest)?.[0];
  if (!operator) throw new InterpolationError(`invalid modifier in "\${${body}}" in "${whole}"`);
  const argument = () => interpolate(rest.slice(operator.length), variables);
  const unsetOrEmpty = value === undefined || value === '';
  switch (operator) {
    case ':-':
      return unsetOrEmpty ? argument() : value;
    case '-':
      return value === undefined ? argument() : value;
    case ':?':
      if (unsetOrEmpty) throw new InterpolationError(`${name} is required: ${argument()}`);
      return value;
    case '?':
      if (value === undefined) throw new InterpolationError(`${name} is required: ${argument()}`);
      return value;
    case ':+':
      return unsetOrEmpty ? '' : argument();
    default:
      return value === undefined ? '' : argument();
  }
}

export function interpolate(text: string, variables: Variables): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char !== '$') {
      out += char;
      i++;
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      out += '$';
      i += 2;
    } else if (next === '{') {
      const end = closingBrace(text, i + 2);
      out += expandBraced(text.slice(i + 2, end), variables, text);
      i = end + 1;
    } else {
      const name = NAME.exec(text.slice(i + 1))?.[0];
      if (!name) throw new InterpolationError(`lone $ in "${text}" (write $$ for a literal dollar)`);
      out += variables[name] ?? '';
      i += 1 + name.length;
    }
  }
  return out;
}

/** Names of the variables a string refers to (outermost and nested). */
export function referencedVariables(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.replace(/\$\$/g, '').matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g))
    names.add(match[1]);
  return [...names];
}
