/** One table of benchmark figures, printed as markdown by the bench runner. */
export interface BenchTable {
  title: string;
  columns: string[];
  rows: (string | number)[][];
  notes?: string[];
  /** Text shown as is, in a code block, after the rows (a profile, a log). */
  preformatted?: string;
}

/** The table as markdown. */
export function toMarkdown(table: BenchTable): string {
  const lines = [
    `### ${table.title}`,
    '',
    `| ${table.columns.join(' | ')} |`,
    `|${table.columns.map(() => '---').join('|')}|`,
  ];
  for (const row of table.rows) lines.push(`| ${row.join(' | ')} |`);
  if (table.preformatted !== undefined) {
    if (!table.rows.length) lines.splice(-2, 2);
    lines.push('```', table.preformatted, '```');
  }
  if (table.notes?.length) lines.push('', ...table.notes.map((n) => `- ${n}`));
  return `${lines.join('\n')}\n`;
}
