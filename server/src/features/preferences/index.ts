/** What other features use of preferences: they import it from here, never a file inside (decision 393). */
export { recordRecentVoice } from './preferences.service';
