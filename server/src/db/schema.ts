import type { ColumnType, Generated } from 'kysely';
import type { LoadStatus, StaffRole } from '#shared/constants.js';
import type { AuditAction, AuditEntityType } from '#shared/schemas/audit.js';
import type { DocumentType, DocumentVisibility } from '#shared/schemas/documents.js';
import type { DriverStatus } from '#shared/schemas/drivers.js';
import type { EquipmentStatus, TrailerType } from '#shared/schemas/equipment.js';
import type { ImportEntity, ImportStatus } from '#shared/schemas/imports.js';
import type { InvoiceStatus } from '#shared/schemas/invoices.js';
import type { NotificationKind } from '#shared/schemas/notifications.js';
import type {
  DeductionKind,
  DriverPayType,
  PayBasis,
  PayItemKind,
  PaymentMethod,
  SettlementLineKind,
  SettlementStatus,
} from '#shared/schemas/settlements.js';
import type { WipStatus } from '#shared/schemas/wip.js';

/**
 * Every table's type, in the camelCase Kysely's CamelCasePlugin gives them (the database names
 * them in snake_case). Repositories derive what they read and write from these with Kysely's
 * Selectable, Insertable and Updateable; role and status unions come from shared/.
 */

/** timestamptz: a Date when read; a Date or ISO text when written. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz with a default (now()): may be left out on insert. */
export type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns arrive as exact strings ("1250.00"); money is never a float until formatted. */
export type Numeric = ColumnType<string, string | number, string | number>;
/** Set by a trigger; never written by the app. */
type TriggerSet<Value> = ColumnType<Value, never, never>;

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  /** The company's MC and DOT numbers, shown on its invoices' "Remit to" (null until set). */
  mcNumber: string | null;
  dotNumber: string | null;
  subscriptionStatus: Generated<string>;
  airwallexAccountId: string | null;
  /** Issue 30: the day a settlement week starts (0 Sunday … 6 Saturday) and the company's IANA time zone. */
  settlementWeekStartsOn: Generated<number>;
  timeZone: Generated<string>;
  createdAt: DefaultedTimestamp;
  /** Issue 31: the geofence defaults and the detention free time (migrations/2026-11-29T0600_stop_geofences.ts). */
  geofenceRadiusMiles: ColumnType<string, string | number | undefined, string | number>;
  geofenceArrivalDwellMinutes: Generated<number>;
  geofenceDepartureDwellMinutes: Generated<number>;
  geofenceAutoStatus: Generated<boolean>;
  detentionFreeHours: ColumnType<string, string | number | undefined, string | number>;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  passwordHash: string;
  passwordChangedAt: DefaultedTimestamp;
  createdAt: DefaultedTimestamp;
  /** When the address was proven (a mailed link, an accepted invitation); null until then. */
  emailVerifiedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SessionsTable {
  id: string;
  userId: string;
  expiresAt: Timestamp;
  absoluteExpiresAt: Timestamp;
  createdAt: DefaultedTimestamp;
  userAgent: string | null;
  ip: string | null;
}

export interface ProfilesTable {
  userId: string;
  companyId: string;
  firstName: Generated<string>;
  lastName: Generated<string>;
  phone: string | null;
  isMasterAdmin: Generated<boolean>;
  twoFactorEnabled: Generated<boolean>;
  twoFactorMethod: Generated<'sms' | 'email'>;
  /** Where SMS codes go: a number proven by a code (2026-11-25T1100_security_hardening), not the profile's phone. */
  twoFactorPhone: string | null;
  createdAt: DefaultedTimestamp;
}

export interface UserRolesTable {
  userId: string;
  companyId: string;
  role: StaffRole;
  createdAt: DefaultedTimestamp;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  ip: string | null;
  createdAt: DefaultedTimestamp;
}

export interface OutboxTable {
  id: Generated<string>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: Generated<string>;
  bodyText: string;
  bodyHtml: string | null;
  status: Generated<'queued' | 'sent' | 'failed'>;
  provider: Generated<string>;
  providerMessageId: string | null;
  error: string | null;
  attempts: Generated<number>;
  createdAt: DefaultedTimestamp;
  sentAt: Timestamp | null;
  /** The company it was sent for (the caller's app.company_id by default), or none. */
  companyId: Generated<string | null>;
}

export interface RateLimitHitsTable {
  key: string;
  windowStart: Timestamp;
  hits: Generated<number>;
}

export interface DriversTable {
  id: Generated<string>;
  companyId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  licenseNumber: string | null;
  licenseExpiry: string | null;
  status: Generated<DriverStatus>;
  notes: string | null;
  userId: string | null;
  carrierId: string | null;
  dispatcherId: string | null;
  salesAgentId: string | null;
  gpsConsent: Generated<boolean>;
  currentLocationLat: Numeric | null;
  currentLocationLng: Numeric | null;
  lastLocationUpdate: Timestamp | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

/** A carrier user (issue 24, item 3): an account linked to the carrier itself, not to a driver record. */
export interface CarrierUsersTable {
  companyId: string;
  userId: string;
  carrierId: string;
  createdAt: DefaultedTimestamp;
}

export interface BrokersTable {
  id: Generated<string>;
  companyId: string;
  name: string;
  companyName: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  paymentTerms: string | null;
  notes: string | null;
  /** Digits only (issue 29: the rate-con import matches a broker by it first). */
  mcNumber: string | null;
  /** Issue 31: detention free hours (null: the company's) and the hourly detention rate. */
  detentionFreeHours: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  detentionRate: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface CarriersTable {
  id: Generated<string>;
  companyId: string;
  name: string;
  mcNumber: string | null;
  dotNumber: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  insuranceExpiry: string | null;
  notes: string | null;
  contractSigned: Generated<boolean>;
  salesAgentId: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

/** A load's stops in order (migrations/2026-11-28T2300_load_stops.ts): the first and last are the load's pickup and delivery columns. */
export interface LoadStopsTable {
  id: Generated<string>;
  companyId: string;
  loadId: string;
  position: number;
  stopType: 'pickup' | 'drop';
  facilityName: string | null;
  address: string;
  city: string;
  state: string;
  zip: string | null;
  contactName: string | null;
  contactPhone: string | null;
  appointmentDate: string | null;
  appointmentFrom: string | null;
  appointmentTo: string | null;
  firstComeFirstServed: Generated<boolean>;
  poNumber: string | null;
  pickupNumber: string | null;
  notes: string | null;
  createdAt: DefaultedTimestamp;
  /** Issue 31: the stop's point and fence (null radius: the company's), the truck's arrival and departure, the status a departure moved the load from. */
  lat: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  lng: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  geofenceRadiusMiles: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  arrivedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  departedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  autoStatusFrom: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The geofence detector's state per stop (issue 31): when the current run on the other side of the fence began, the newest position read. */
export interface StopGeofenceStatesTable {
  companyId: string;
  stopId: string;
  runStartedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  lastAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A load's accessorial charges beside the line haul, in order. */
export interface LoadAccessorialsTable {
  id: Generated<string>;
  companyId: string;
  loadId: string;
  position: number;
  chargeType: string;
  description: string | null;
  amount: Numeric;
  createdAt: DefaultedTimestamp;
}

/** A load confirmation sent to the load's driver (migrations/2026-11-29T0200_load_confirmations.ts). */
export interface LoadConfirmationsTable {
  id: Generated<string>;
  companyId: string;
  loadId: string;
  sentBy: string | null;
  sentAt: DefaultedTimestamp;
  emailedTo: string | null;
}

export interface LoadsTable {
  id: Generated<string>;
  companyId: string;
  loadNumber: string;
  referenceNumber: string | null;
  pickupLocation: string;
  pickupCity: string;
  pickupState: string;
  pickupDate: string | null;
  pickupNotes: string | null;
  deliveryLocation: string;
  deliveryCity: string;
  deliveryState: string;
  deliveryDate: string | null;
  deliveryNotes: string | null;
  commodity: string | null;
  weight: Numeric | null;
  distance: Numeric | null;
  rate: Numeric | null;
  driverId: string | null;
  brokerId: string | null;
  carrierId: string | null;
  /** Set by trigger from the assigned record; kept when it is deleted. */
  driverName: TriggerSet<string | null>;
  brokerName: TriggerSet<string | null>;
  carrierName: TriggerSet<string | null>;
  createdBy: string | null;
  salesUserId: string | null;
  salesPercentage: Numeric | null;
  factoring: Generated<boolean>;
  status: Generated<LoadStatus>;
  statusUpdatedAt: TriggerSet<Date | null>;
  notes: string | null;
  /** Issue 26, item 3: equipment, a reefer's setpoint (°F) and the line haul (rate is line haul + accessorials). */
  equipmentType: string | null;
  temperature: Numeric | null;
  lineHaul: Numeric | null;
  /** Issue 26, item 2: who dispatches the load; its name as when assigned is set by trigger, as driverName. */
  dispatcherId: string | null;
  dispatcherName: TriggerSet<string | null>;
  /** Issue 31: the truck and trailer that hauled the load; their unit numbers set by trigger (a driver's current truck by default). */
  truckId: string | null;
  trailerId: string | null;
  truckUnit: TriggerSet<string | null>;
  trailerUnit: TriggerSet<string | null>;
  /** Generated: the searchable text of the load (trigram index). */
  searchText: TriggerSet<string>;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface WipAssignmentsTable {
  id: Generated<string>;
  companyId: string;
  userId: string | null;
  status: Generated<WipStatus>;
  requestedAt: DefaultedTimestamp;
  assignedAt: Timestamp | null;
  assignedBy: string | null;
  notes: string | null;
}

export interface AuditLogsTable {
  id: Generated<string>;
  companyId: string;
  entityType: AuditEntityType;
  entityId: string;
  action: AuditAction;
  userId: string | null;
  changes: ColumnType<{ changedFields?: Record<string, { old: unknown; new: unknown }> }, string, string>;
  createdAt: DefaultedTimestamp;
  /** The API key the change was made with (app.api_key_id; migrations/2026-11-29T0220_api_keys.ts). */
  apiKeyId: Generated<string | null>;
}

export interface Database {
  drivers: DriversTable;
  brokers: BrokersTable;
  carriers: CarriersTable;
  carrierUsers: CarrierUsersTable;
  loads: LoadsTable;
  loadStops: LoadStopsTable;
  stopGeofenceStates: StopGeofenceStatesTable;
  loadAccessorials: LoadAccessorialsTable;
  loadConfirmations: LoadConfirmationsTable;
  wipAssignments: WipAssignmentsTable;
  auditLogs: AuditLogsTable;
  companies: CompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
  profiles: ProfilesTable;
  userRoles: UserRolesTable;
  contactMessages: ContactMessagesTable;
  outbox: OutboxTable;
  rateLimitHits: RateLimitHitsTable;
  invitations: InvitationsTable;
  twoFactorCodes: TwoFactorCodesTable;
  pendingSignIns: PendingSignInsTable;
  emailVerifications: EmailVerificationsTable;
  passwordResets: PasswordResetsTable;
  signInFailures: SignInFailuresTable;
  documents: DocumentsTable;
  podData: PodDataTable;
  messages: MessagesTable;
  notifications: NotificationsTable;
  notificationPreferences: NotificationPreferencesTable;
  pushSubscriptions: PushSubscriptionsTable;
  invoices: InvoicesTable;
  positions: PositionsTable;
  trackingLinks: TrackingLinksTable;
  imports: ImportsTable;
  apiKeys: ApiKeysTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  webhookEventMarks: WebhookEventMarksTable;
  payProfiles: PayProfilesTable;
  loadMiles: LoadMilesTable;
  driverDeductions: DriverDeductionsTable;
  settlementPeriods: SettlementPeriodsTable;
  settlements: SettlementsTable;
  settlementLines: SettlementLinesTable;
  trucks: TrucksTable;
  trailers: TrailersTable;
  truckAssignments: TruckAssignmentsTable;
  fuelPurchases: FuelPurchasesTable;
  iftaTaxRates: IftaTaxRatesTable;
  iftaDaily: IftaDailyTable;
  iftaGaps: IftaGapsTable;
  iftaDriverCursor: IftaDriverCursorTable;
  iftaRebuilds: IftaRebuildsTable;
}

/** Trucks, trailers and who drove which truck when (issue 31; migrations/2026-11-29T0520_equipment.ts). */
export interface TrucksTable {
  id: Generated<string>;
  companyId: string;
  unitNumber: string;
  vin: string | null;
  plate: string | null;
  plateState: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  iftaBaseJurisdiction: string | null;
  status: Generated<EquipmentStatus>;
  notes: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface TrailersTable {
  id: Generated<string>;
  companyId: string;
  unitNumber: string;
  trailerType: Generated<TrailerType>;
  plate: string | null;
  plateState: string | null;
  status: Generated<EquipmentStatus>;
  notes: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface TruckAssignmentsTable {
  id: Generated<string>;
  companyId: string;
  truckId: string;
  driverId: string;
  startsAt: Timestamp;
  endsAt: Timestamp | null;
  createdBy: string | null;
  createdAt: DefaultedTimestamp;
}

/** IFTA: fuel, tax rates and the per-day roll-ups of miles (issue 31, item 5; migrations/2026-11-29T0620_ifta.ts). */
export interface FuelPurchasesTable {
  id: Generated<string>;
  companyId: string;
  truckId: string;
  purchasedOn: string;
  jurisdiction: string;
  gallons: Numeric;
  amount: Numeric;
  vendor: string | null;
  source: Generated<'manual' | 'import'>;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface IftaTaxRatesTable {
  id: Generated<string>;
  companyId: string;
  quarter: string;
  jurisdiction: string;
  rate: Numeric;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface IftaDailyTable {
  companyId: string;
  truckId: string;
  day: string;
  jurisdiction: string;
  miles: Numeric;
}

export interface IftaGapsTable {
  id: Generated<string>;
  companyId: string;
  truckId: string;
  startedAt: Timestamp;
  endedAt: Timestamp;
  miles: Numeric;
  fromJurisdiction: string | null;
  toJurisdiction: string | null;
  fromLat: Numeric;
  fromLng: Numeric;
  toLat: Numeric;
  toLng: Numeric;
}

export interface IftaDriverCursorTable {
  companyId: string;
  driverId: string;
  recordedAt: Timestamp;
  lat: Numeric;
  lng: Numeric;
}

/** Messages between two people of one company (migrations/2026-11-25T1300_messages.ts). */
export interface MessagesTable {
  id: Generated<string>;
  companyId: string;
  senderId: string;
  recipientId: string;
  /** The thread's first message; null on the first message itself. */
  threadId: string | null;
  subject: string | null;
  body: string;
  loadId: string | null;
  isRead: Generated<boolean>;
  readAt: Timestamp | null;
  createdAt: DefaultedTimestamp;
}

/** One person's notification (migrations/2026-11-25T1300_notifications.ts), made by the fan-out triggers. */
export interface NotificationsTable {
  id: Generated<string>;
  companyId: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: Generated<string>;
  link: string | null;
  entityId: string | null;
  readAt: Timestamp | null;
  createdAt: DefaultedTimestamp;
}

/** A browser a user asked to receive their notifications in (migrations/2026-11-25T1300_web_push.ts). */
export interface PushSubscriptionsTable {
  id: Generated<string>;
  companyId: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The session that subscribed (its stored id, a SHA-256): the subscription ends with it. */
  sessionId: string;
  createdAt: DefaultedTimestamp;
}

/** A kind one person turned on or off (none stored: on). */
export interface NotificationPreferencesTable {
  companyId: string;
  userId: string;
  kind: NotificationKind;
  enabled: boolean;
  updatedAt: DefaultedTimestamp;
}

/** Confirmed proof-of-delivery data (migrations/2026-11-25T1200_pod_data.ts). */
export interface PodDataTable {
  documentId: string;
  companyId: string;
  /** date: read as YYYY-MM-DD text (the pg type parser of server/src/db/database.ts). */
  deliveryDate: string | null;
  deliveryTime: string | null;
  recipientName: string | null;
  recipientSignature: boolean;
  location: string | null;
  condition: 'good' | 'other';
  notes: string | null;
  confirmedBy: string | null;
  confirmedAt: DefaultedTimestamp;
}

/** Stored files (migrations/2026-11-25T1200_documents.ts): the object is in the file store under filePath. */
export interface DocumentsTable {
  id: Generated<string>;
  companyId: string;
  loadId: string | null;
  driverId: string | null;
  carrierId: string | null;
  fileName: string;
  filePath: string;
  /** bigint: pg hands it over as text. */
  fileSize: ColumnType<string, number, number>;
  contentType: string;
  documentType: DocumentType;
  visibility: DocumentVisibility;
  uploadedBy: string | null;
  createdAt: DefaultedTimestamp;
}

/** Team invitations (migrations/2026-11-21T1300_team.ts). */
export interface InvitationsTable {
  id: Generated<string>;
  companyId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** A staff role, or 'driver' / 'carrier' for an account linked to driverId (migrations/2026-11-25T1700_account_invitations.ts). */
  role: StaffRole | 'driver' | 'carrier';
  /** The driver record a driver or carrier-user invitation links the account to; null for staff. */
  driverId: string | null;
  /** SHA-256 of the mailed token, hex: the token itself is never stored. */
  tokenHash: string;
  invitedBy: string | null;
  createdAt: DefaultedTimestamp;
  expiresAt: DefaultedTimestamp;
  acceptedAt: Timestamp | null;
  revokedAt: Timestamp | null;
  lastSentAt: DefaultedTimestamp;
}

/** One-time codes (migrations/2026-11-21T1310_two_factor.ts): only the hash of the code is kept. Global, like sessions. */
export interface TwoFactorCodesTable {
  id: Generated<string>;
  userId: string;
  purpose: 'enable' | 'sign_in';
  method: 'sms' | 'email';
  codeHash: string;
  createdAt: DefaultedTimestamp;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  consumedAt: Timestamp | null;
  /** The phone or address the code was sent to: a right code proves it. */
  destination: string | null;
}

/** A password sign-in waiting for its code; id is the SHA-256 (hex) of the challenge token. */
export interface PendingSignInsTable {
  id: string;
  userId: string;
  method: 'sms' | 'email';
  createdAt: DefaultedTimestamp;
  expiresAt: Timestamp;
}

/** A mailed link that proves an address: only the SHA-256 of its token is stored; single use. */
export interface EmailVerificationsTable {
  id: Generated<string>;
  userId: string;
  tokenHash: string;
  createdAt: DefaultedTimestamp;
  expiresAt: Timestamp;
  usedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A mailed password-reset link: only the SHA-256 of its token is stored; single use, 1 hour. */
export interface PasswordResetsTable {
  id: Generated<string>;
  userId: string;
  tokenHash: string;
  createdAt: DefaultedTimestamp;
  expiresAt: Timestamp;
  usedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Failed passwords per address (known or not): the sign-in delay grows with them. */
export interface SignInFailuresTable {
  email: string;
  failures: number;
  lastFailedAt: DefaultedTimestamp;
}

/** An invoice (migrations/2026-11-25T1500_invoices.ts); its lifecycle is in docs/invoices.md. */
export interface InvoicesTable {
  id: Generated<string>;
  companyId: string;
  invoiceNumber: string;
  loadId: string | null;
  brokerId: string | null;
  /** date columns: "YYYY-MM-DD" (the pg type parser leaves dates as text). */
  invoiceDate: string;
  dueDate: string;
  amount: Numeric;
  notes: string | null;
  status: ColumnType<InvoiceStatus, never, InvoiceStatus>;
  sentAt: TriggerSet<Date | null>;
  paidAt: TriggerSet<Date | null>;
  voidedAt: TriggerSet<Date | null>;
  createdBy: string | null;
  airwallexPaymentLink: string | null;
  paymentLinkId: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: TriggerSet<Date>;
}

/** A driver's reported position (migrations/2026-11-25T1600_positions.ts): one per idempotency key and driver. */
export interface PositionsTable {
  companyId: string;
  driverId: string;
  idempotencyKey: string;
  recordedAt: Timestamp;
  lat: Numeric;
  lng: Numeric;
  accuracy: number | null;
  receivedAt: DefaultedTimestamp;
}

/** A load's public tracking link (migrations/2026-11-25T1800_tracking_links.ts): only the token's SHA-256 is stored. */
export interface TrackingLinksTable {
  id: Generated<string>;
  companyId: string;
  loadId: string;
  tokenHash: string;
  expiresAt: Timestamp;
  createdBy: string | null;
  createdAt: DefaultedTimestamp;
  /** How the public page shows the truck: 'exact', or 'city' (snapped to the town it is near); set at creation only. */
  positionPrecision: ColumnType<'exact' | 'city', 'exact' | 'city' | undefined, never>;
}

/** A company's webhook receiver (migrations/2026-11-29T0230_webhooks.ts); the secret signs every delivery. */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  companyId: string;
  url: string;
  description: Generated<string>;
  events: string[];
  secret: string;
  enabled: Generated<boolean>;
  disabledReason: string | null;
  failureCount: Generated<number>;
  failingSince: Timestamp | null;
  createdBy: string | null;
  createdAt: DefaultedTimestamp;
}

type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event for one endpoint, written with the change it tells of and sent after commit by the job queue. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  companyId: string;
  endpointId: string;
  eventType: string;
  /** The `webhook-id` header: the same on every attempt and on a resend. */
  eventId: string;
  payload: ColumnType<unknown, string, string>;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: Generated<number>;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: Timestamp | null;
  createdAt: DefaultedTimestamp;
  deliveredAt: Timestamp | null;
}

/** When an event was last emitted for a key (driver.position: once a minute per driver). */
export interface WebhookEventMarksTable {
  companyId: string;
  key: string;
  lastAt: Timestamp;
}

/** A company's API key (migrations/2026-11-29T0220_api_keys.ts): only the key's SHA-256 is stored. */
export interface ApiKeysTable {
  id: Generated<string>;
  companyId: string;
  name: string;
  prefix: string;
  secretHash: string;
  scopes: ColumnType<Partial<Record<string, 'read' | 'write'>>, string, string>;
  expiresAt: Timestamp | null;
  lastUsedAt: Timestamp | null;
  revokedAt: Timestamp | null;
  createdBy: string | null;
  createdAt: DefaultedTimestamp;
}

/** A CSV import (migrations/2026-11-29T0240_imports.ts): its file, mapping, progress and totals. */
export interface ImportsTable {
  id: Generated<string>;
  companyId: string;
  entity: ImportEntity;
  status: Generated<ImportStatus>;
  fileKey: string;
  fileName: string;
  /** bigint: node-postgres reads it as text. */
  fileSize: ColumnType<string, number, number>;
  mapping: ColumnType<string[] | null, string | null, string | null>;
  bytesRead: ColumnType<string, number | undefined, number>;
  rowsProcessed: Generated<number>;
  createdCount: Generated<number>;
  updatedCount: Generated<number>;
  failedCount: Generated<number>;
  failedFileKey: string | null;
  error: string | null;
  createdBy: string | null;
  createdAt: DefaultedTimestamp;
  finishedAt: Timestamp | null;
}

/** Driver pay (issue 30; migrations/2026-11-29T0500_settlements.ts, docs/settlements.md). */
export interface PayProfilesTable {
  id: Generated<string>;
  companyId: string;
  driverId: string;
  effectiveFrom: string;
  driverType: DriverPayType;
  carrierId: string | null;
  payBasis: PayBasis;
  rate: Numeric;
  extraItems: ColumnType<PayExtraItemRow[], string, string>;
  createdBy: string | null;
  createdAt: DefaultedTimestamp;
}
export interface PayExtraItemRow {
  kind: PayItemKind;
  description: string;
  amount: string;
}
export interface LoadMilesTable {
  companyId: string;
  loadId: string;
  id: Generated<string>;
  loadedMiles: Numeric | null;
  emptyMiles: Numeric | null;
  updatedBy: string | null;
  updatedAt: DefaultedTimestamp;
}
export interface DriverDeductionsTable {
  id: Generated<string>;
  companyId: string;
  driverId: string;
  kind: DeductionKind;
  description: string;
  amount: Numeric;
  total: Numeric | null;
  startsOn: string;
  endedAt: Timestamp | null;
  enteredBy: string | null;
  createdAt: DefaultedTimestamp;
}
export interface SettlementPeriodsTable {
  id: Generated<string>;
  companyId: string;
  startsOn: string;
  endsOn: string;
  createdBy: string | null;
  createdAt: DefaultedTimestamp;
}
export interface SettlementsTable {
  id: Generated<string>;
  companyId: string;
  periodId: string;
  driverId: string;
  driverType: Generated<DriverPayType>;
  carrierId: string | null;
  status: Generated<SettlementStatus>;
  approvedAt: Timestamp | null;
  approvedBy: string | null;
  paidOn: string | null;
  paidMethod: PaymentMethod | null;
  paidReference: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}
export interface SettlementLinesTable {
  id: Generated<string>;
  companyId: string;
  settlementId: string;
  kind: SettlementLineKind;
  loadId: string | null;
  deductionId: string | null;
  description: string;
  quantity: Numeric | null;
  unitRate: Numeric | null;
  amount: Numeric;
  miles: Numeric | null;
  milesEstimated: Generated<boolean>;
  enteredBy: string | null;
  reason: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

/** A quarter's IFTA rebuild and its progress (migrations/2026-11-29T0700_ifta_rebuilds.ts). */
export interface IftaRebuildsTable {
  id: Generated<string>;
  companyId: string;
  quarter: string;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  trucksTotal: Generated<number>;
  trucksDone: Generated<number>;
  positions: Generated<string>;
  days: Generated<number>;
  error: string | null;
  requestedBy: string | null;
  createdAt: DefaultedTimestamp;
  finishedAt: Timestamp | null;
}
