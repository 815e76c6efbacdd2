/** One table of benchmark figures, printed as markdown by the bench runner. */
export interface BenchTable {
  title: string;
  columns: string[];
  rows: (string | number)[][];
  notes?: string[];
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
  if (table.notes?.length) lines.push('', ...table.notes.map((n) => `- ${n}`));
  return `${lines.join('\n')}\n`;
}
