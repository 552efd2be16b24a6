/** Tables of the scripts and rehearsal features (migration 0007-scripts). */
export interface ScriptsTable {
  id: string;
  user_id: string;
  title: string;
  content: string;
  /** JSON: ScriptCharacter[] */
  characters: string;
  /** JSON: ScriptAnalysis, or null before the first split. */
  analysis: string | null;
  /** JSON: string[] */
  tags: string;
  is_archived: number;
  is_favorite: number;
  word_count: number;
  character_count: number;
  created_at: string;
  updated_at: string;
  last_opened_at: string | null;
  /** Characters this script keeps: text, split and characters (quota with its lines, decision 262). */
  stored_size: number;
  /** 1 for the sample scene a new user is given (migration 0035): outside the script quota. */
  is_sample: number;
}

/**
 * Which set of script_lines is a script's prepared lines (decision 261). Only this small row
 * changes as lines are prepared; a script without it was saved before lines were prepared at
 * save time, or its lines were set aside by a racing save: they are prepared on first use.
 */
export interface ScriptRehearsalTable {
  script_id: string;
  lines_key: string;
  /** 1: the set is complete; 0: the split says words its text does not hold; null: being written. */
  ready: number | null;
  /** Characters the set keeps (the quota counts them, decision 262). */
  lines_size: number;
}

/**
 * The spoken lines of a script's split, in order, prepared when it is saved (decision 261): what
 * a rehearsal plan lists and a line's audio says, read a page or a row at a time.
 */
export interface ScriptLinesTable {
  /** The preparation these rows belong to: only the set the script names is ever read. */
  lines_key: string;
  script_id: string;
  /** 0, 1, 2...: the line's place among the script's spoken lines. */
  line_index: number;
  line_id: string;
  speaker: string;
  text: string;
  /** The spoken text's length (what a line costs). */
  characters: number;
  /** sha256 of the spoken text, base64url, 22 characters: how a paid line is recognised. */
  text_hash: string;
  /** Directions its parentheticals name, joined by '+' (decision 320); null: none, or older. */
  directions: string | null;
}

/**
 * One row per rehearsal line a user has paid for (line text + voice + settings), so a scene
 * run again costs nothing and the cost shown before a run counts only new lines.
 */
export interface RehearsalChargesTable {
  user_id: string;
  charge_key: string;
  characters: number;
  reservation_id: string | null;
  created_at: string;
  /** The voice and the spoken text's hash (script_lines.text_hash); null for lines paid before migration 0031 that it could not place. */
  voice_id: string | null;
  text_hash: string | null;
}

/** One finished rehearsal run (migration 0036). */
export interface RehearsalRunsTable {
  id: string;
  user_id: string;
  script_id: string;
  role: string;
  started_at: string;
  duration_ms: number;
  line_count: number;
  checked_count: number;
  accuracy: number | null;
  /** JSON: RunLine[] */
  lines: string;
  created_at: string;
}

export interface ScriptsTables {
  scripts: ScriptsTable;
  script_lines: ScriptLinesTable;
  script_rehearsal: ScriptRehearsalTable;
  rehearsal_charges: RehearsalChargesTable;
  rehearsal_runs: RehearsalRunsTable;
}
