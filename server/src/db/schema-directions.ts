/** Tables of how lines are said (decision 322: migration 0055). */

/** A word said as respelled: in the user's own list (scope '') or one script's (scope = its id). */
export interface PronunciationsTable {
  id: string;
  user_id: string;
  script_id: string | null;
  /** '' for the user's own list, else the script's id: one entry per word and list. */
  scope: string;
  /** As the user wrote it. */
  word: string;
  /** The word in lower case: how the text's words are matched. */
  word_key: string;
  respelling: string;
  created_at: string;
}

export interface DirectionsTables {
  pronunciations: PronunciationsTable;
}
