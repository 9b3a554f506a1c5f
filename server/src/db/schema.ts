import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  subscription_status: Generated<string>;
  airwallex_account_id: string | null;
  created_at: DefaultedTimestamp;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  password_changed_at: DefaultedTimestamp;
  created_at: DefaultedTimestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  created_at: DefaultedTimestamp;
  user_agent: string | null;
  ip: string | null;
}

export interface ProfilesTable {
  user_id: string;
  company_id: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  phone: string | null;
  is_master_admin: Generated<boolean>;
  two_factor_enabled: Generated<boolean>;
  two_factor_method: Generated<'sms' | 'email'>;
  created_at: DefaultedTimestamp;
}

export interface UserRolesTable {
  user_id: string;
  company_id: string;
  role: 'admin' | 'sales' | 'dispatcher' | 'treasury';
  created_at: DefaultedTimestamp;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  ip: string | null;
  created_at: DefaultedTimestamp;
}

export interface OutboxTable {
  id: Generated<string>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: Generated<string>;
  body_text: string;
  body_html: string | null;
  status: Generated<'queued' | 'sent' | 'failed'>;
  provider: Generated<string>;
  provider_message_id: string | null;
  error: string | null;
  attempts: Generated<number>;
  created_at: DefaultedTimestamp;
  sent_at: Timestamp | null;
}

export interface RateLimitHitsTable {
  key: string;
  window_start: Timestamp;
  hits: Generated<number>;
}

export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
  contact_messages: ContactMessagesTable;
  outbox: OutboxTable;
  rate_limit_hits: RateLimitHitsTable;
}
