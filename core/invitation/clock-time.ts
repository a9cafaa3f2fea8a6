/** "10:30 AM" from "10:30": the family's local time, as a printed invitation says it. */
export function clockTime(startTime: string): string {
  const [hours = 0, minutes = 0] = startTime.split(':').map(Number);
  const half = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${half}`;
}
