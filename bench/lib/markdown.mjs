// Markdown tables for RESULTS.md.

/** @param {string[]} header @param {Array<Array<string|number>>} rows */
export function table(header, rows) {
  const line = (cells) => `| ${cells.map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function bullet(lines) {
  return lines.map((l) => `- ${l}`).join('\n');
}
