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

/** numeric columns arrive as exact strings ("1250.00"); money is never a float until formatted. */
type Numeric = ColumnType<string, string | number, string | number>;

export type LoadStatus = 'pending' | 'assigned' | 'picked' | 'in_transit' | 'delivered' | 'cancelled';
export type DriverStatus = 'available' | 'on_route' | 'off_duty';

export interface DriversTable {
  id: Generated<string>;
  company_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  license_number: string | null;
  license_expiry: string | null;
  status: Generated<DriverStatus>;
  notes: string | null;
  user_id: string | null;
  carrier_id: string | null;
  dispatcher_id: string | null;
  sales_agent_id: string | null;
  gps_consent: Generated<boolean>;
  current_location_lat: Numeric | null;
  current_location_lng: Numeric | null;
  last_location_update: Timestamp | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface BrokersTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  company_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  payment_terms: string | null;
  notes: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface CarriersTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  mc_number: string | null;
  dot_number: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  insurance_expiry: string | null;
  notes: string | null;
  contract_signed: Generated<boolean>;
  sales_agent_id: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface LoadsTable {
  id: Generated<string>;
  company_id: string;
  load_number: string;
  reference_number: string | null;
  pickup_location: string;
  pickup_city: string;
  pickup_state: string;
  pickup_date: string | null;
  pickup_notes: string | null;
  delivery_location: string;
  delivery_city: string;
  delivery_state: string;
  delivery_date: string | null;
  delivery_notes: string | null;
  commodity: string | null;
  weight: Numeric | null;
  distance: Numeric | null;
  rate: Numeric | null;
  driver_id: string | null;
  broker_id: string | null;
  carrier_id: string | null;
  /** Set by trigger from the assigned record; kept when it is deleted. */
  driver_name: ColumnType<string | null, never, never>;
  broker_name: ColumnType<string | null, never, never>;
  carrier_name: ColumnType<string | null, never, never>;
  created_by: string | null;
  sales_user_id: string | null;
  sales_percentage: Numeric | null;
  factoring: Generated<boolean>;
  status: Generated<LoadStatus>;
  status_updated_at: ColumnType<Date | null, never, never>;
  notes: string | null;
  search_text: ColumnType<string, never, never>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface WipAssignmentsTable {
  id: Generated<string>;
  company_id: string;
  user_id: string | null;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  requested_at: DefaultedTimestamp;
  assigned_at: Timestamp | null;
  assigned_by: string | null;
  notes: string | null;
}

export interface AuditLogsTable {
  id: Generated<string>;
  company_id: string;
  entity_type: 'loads' | 'invoices' | 'documents' | 'drivers' | 'brokers';
  entity_id: string;
  action: 'created' | 'updated' | 'deleted';
  user_id: string | null;
  changes: ColumnType<{ changed_fields?: Record<string, { old: unknown; new: unknown }> }, string, string>;
  created_at: DefaultedTimestamp;
}

export interface Database {
  drivers: DriversTable;
  brokers: BrokersTable;
  carriers: CarriersTable;
  loads: LoadsTable;
  wip_assignments: WipAssignmentsTable;
  audit_logs: AuditLogsTable;
  companies: CompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
  contact_messages: ContactMessagesTable;
  outbox: OutboxTable;
  rate_limit_hits: RateLimitHitsTable;
}
