/** Tables of charged readings (migration 0009-reading-requests). */

/**
 * An Idempotency-Key a user sent to a charged route, bound to the request it first came with.
 * `running` while the first request is being made, `done` once its reading is saved (then
 * `generation_id` names it), `spent` when it ended without a saved reading but was charged.
 * A request that charged nothing leaves no row, so its retry starts afresh.
 */
export interface ReadingRequestsTable {
  user_id: string;
  /** The route's name ("studio"): keys of different routes never meet. */
  route: string;
  idempotency_key: string;
  /** sha256 of (user, route, text, voice, settings, script). */
  request_hash: string;
  state: 'running' | 'done' | 'spent';
  generation_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReadingsTables {
  reading_requests: ReadingRequestsTable;
}
