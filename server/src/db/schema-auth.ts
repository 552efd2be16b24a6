/** Tables of the accounts feature (migration 0003-auth). */
export interface AuthSessionsTable {
  id: string;
  user_id: string;
  /** SHA-256 of the session token, hex; the token itself lives only in the cookie. */
  token: string;
  expires_at: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
  updated_at: string;
  last_seen_at: string | null;
  /** When the owner last proved who they are in this session (sign-in or re-auth); null = created_at. */
  authenticated_at: string | null;
}

export interface AuthAccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  /** argon2id PHC string for the credential account. */
  password: string | null;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: string | null;
  refresh_token_expires_at: string | null;
  scope: string | null;
  created_at: string;
  updated_at: string;
}

export interface AuthVerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

export interface AuthTables {
  auth_sessions: AuthSessionsTable;
  auth_accounts: AuthAccountsTable;
  auth_verifications: AuthVerificationsTable;
}
