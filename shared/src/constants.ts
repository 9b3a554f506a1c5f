export const PRODUCT_NAME = 'Haulwise';
export const TAGLINE = 'Smart Dispatch. Simplified.';
export const COPYRIGHT_YEAR = 2025;
export const UPTIME_CLAIM = '99.9%';
export const PAYMENT_PROVIDER = 'Airwallex';

export const STAFF_ROLES = ['admin', 'sales', 'dispatcher', 'treasury'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const CONTACT_LIMITS = { name: 100, email: 255, phone: 20, subject: 200, message: 1000 } as const;

export const CONTACT_DETAILS = {
  email: 'hello@haulwise.app',
  phone: '+1 (555) 014-2020',
  hours: [
    { days: 'Monday - Friday', time: '9:00 AM - 6:00 PM PST' },
    { days: 'Saturday - Sunday', time: 'Closed' },
  ],
} as const;

export const LOAD_STATUSES = ['pending', 'assigned', 'picked', 'in_transit', 'delivered', 'cancelled'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];
export const ACTIVE_LOAD_STATUSES = ['assigned', 'picked', 'in_transit'] as const satisfies readonly LoadStatus[];
/** The loads a proof of delivery fits: picked up, in transit or delivered (never pending, assigned or cancelled). */
export const POD_LOAD_STATUSES = ['picked', 'in_transit', 'delivered'] as const satisfies readonly LoadStatus[];
export const takesPod = (status: string): boolean => (POD_LOAD_STATUSES as readonly string[]).includes(status);

export const PWA_INSTALL_DISMISSED_KEY = 'pwa-install-dismissed';
export const NOTIFICATION_DISMISSED_KEY = 'notification-prompt-dismissed';
export const NOTIFICATION_PROMPT_DELAY_MS = 3000;
