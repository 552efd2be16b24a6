/** "07:00": an hour of the day (UTC) as the monitor labels it. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
