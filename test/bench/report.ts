/**
 * What every benchmark section prints: one line per figure, with its target (when it has one) and
 * whether the target was met. The run exits non-zero when a target is missed.
 */
export interface Target {
  value: number;
  higherIsBetter: boolean;
}

interface Line {
  name: string;
  value: number;
  unit: string;
  target: Target | null;
  note: string;
}

const lines: Line[] = [];

const met = (line: Line) =>
  line.target === null || (line.target.higherIsBetter ? line.value >= line.target.value : line.value <= line.target.value);

function describe(line: Line): string {
  const status = line.target === null ? '    ' : met(line) ? 'ok  ' : 'MISS';
  const target = line.target ? ` (target ${line.target.higherIsBetter ? '>=' : '<='} ${line.target.value})` : '';
  return `${status}  ${line.name}: ${line.value} ${line.unit}${target}${line.note ? `  ${line.note}` : ''}`;
}

/** Records a figure and prints it at once, so a long run shows its progress. */
export function record(name: string, value: number, unit: string, target: Target | null = null, note = ''): void {
  const line = { name, value, unit, target, note };
  lines.push(line);
  console.log(describe(line));
}

export const atLeast = (value: number): Target => ({ value, higherIsBetter: true });
export const atMost = (value: number): Target => ({ value, higherIsBetter: false });

/** A heading or a free line (a query plan, a table) between the figures. */
export function say(text: string): void {
  console.log(text);
}

/** The summary at the end: every missed target again, and how many. */
export function summarize(): number {
  const missed = lines.filter((line) => !met(line));
  say('');
  say(`${lines.length} figures, ${lines.filter((line) => line.target).length} with targets, ${missed.length} missed`);
  for (const line of missed) say(describe(line));
  return missed.length;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
