/** `YYYY-MM-DD` of an instant in the person's time zone (for a date input), or '' for none. */
export function localDate(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The instant a local date starts (`dayOffset` 1: the next day's start, for an inclusive end), as ISO UTC. */
export function startOfLocalDay(date: string, dayOffset = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + dayOffset).toISOString();
}
