/** What other features use of messages: they import it from here, never a file inside (decision 393). */
export { sendAdminMessage } from './messages.service';
