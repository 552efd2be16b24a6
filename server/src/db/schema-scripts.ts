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
}

export interface ScriptsTables {
  scripts: ScriptsTable;
  rehearsal_charges: RehearsalChargesTable;
}
