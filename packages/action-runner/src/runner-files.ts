// The formats the runner reads back from an Action: file commands (GITHUB_OUTPUT and friends) and
// workflow commands on stdout (`::add-mask::`, `::error::`...).
// https://docs.github.com/actions/reference/workflow-commands-for-github-actions

/** Parses a GITHUB_OUTPUT-style file: `name=value` lines and `name<<DELIMITER` multi-line blocks. */
export function parseFileCommands(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      if (end < 0) throw new Error(`file command ${heredoc[1]}: delimiter ${heredoc[2]} never closed`);
      values[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const assignment = /^([^=]+)=(.*)$/.exec(line);
    if (!assignment) throw new Error(`file command: cannot parse line ${JSON.stringify(line)}`);
    values[assignment[1]!] = assignment[2]!;
  }
  return values;
}

/** One workflow command: `::name key=value,...::message`, its values unescaped. */
export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  message: string;
}

/** Parses one stdout line as a workflow command (`::name k=v,k=v::message`), or undefined. */
export function parseWorkflowCommand(line: string): WorkflowCommand | undefined {
  const match = /^::([A-Za-z-]+)(?: ([^:]*))?::(.*)$/.exec(line.replace(/\r$/, ''));
  if (!match) return undefined;
  const properties: Record<string, string> = {};
  for (const pair of (match[2] ?? '').split(',').filter(Boolean)) {
    const [key, ...value] = pair.split('=');
    properties[key!] = unescapeCommandValue(value.join('='), true);
  }
  return { command: match[1]!, properties, message: unescapeCommandValue(match[3]!, false) };
}

function unescapeCommandValue(text: string, property: boolean): string {
  let value = text.replace(/%0D/g, '\r').replace(/%0A/g, '\n');
  if (property) value = value.replace(/%3A/g, ':').replace(/%2C/g, ',');
  return value.replace(/%25/g, '%');
}
