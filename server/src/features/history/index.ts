/** What other features use of history: they import it from here, never a file inside (decision 393). */
export {
  addTestReadings,
  deleteReading,
  findOwnReading,
  getReadableReading,
  listReadings,
  recordPlay,
  requireAudioRoom,
  saveReading,
  toReading,
} from './history.service';
