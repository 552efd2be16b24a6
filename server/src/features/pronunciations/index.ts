/** What other features use of pronunciations: they import it from here, never a file inside (decision 393). */
export { pronunciationsFor } from './pronunciations.service';
