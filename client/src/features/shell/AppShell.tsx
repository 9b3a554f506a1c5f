import { lazy, Suspense, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Box, Button, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  BarChart3,
  Building2,
  Container,
  FileText,
  Fuel,
  LayoutDashboard,
  LogOut,
  Map,
  Menu,
  MessageSquare,
  Receipt,
  ScrollText,
  Settings,
  Truck,
  UserRound,
  Users,
  Wallet,
  Handshake,
  Package,
  type LucideIcon,
} from 'lucide-react';
import { navigationFor, type AppPath } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { Logo } from '../../components/Logo';
import { notify } from '../../components/toaster';
import { OfflineBanner } from './OfflineBanner';
import { switchIdentity } from '../../lib/identity';
import { trpc } from '../../lib/trpc';

// Beside the screen, not before it: the bell (with its push code), the unread messages badge and the
// notification prompt load after the shell, so a cold screen's first load carries only what it shows.
const NotificationBellNow = lazy(() =>
  import('../notifications/NotificationBell').then((module) => ({ default: module.NotificationBell })),
);
const UnreadMessagesBadgeNow = lazy(() =>
  import('../messages/UnreadMessagesBadge').then((module) => ({ default: module.UnreadMessagesBadge })),
);
// The narrow screen's drawer loads the first time its toggle is pressed.
const MobileNav = lazy(() => import('./MobileNav').then((module) => ({ default: module.MobileNav })));
const NotificationPromptNow = lazy(() => import('../pwa/NotificationPrompt').then((module) => ({ default: module.NotificationPrompt })));

/** The bell, with a placeholder of its size (an icon button, size sm) until its code is in. */
function NotificationBell() {
  return (
    <Suspense fallback={<Box w="8" h="8" flexShrink={0} />}>
      <NotificationBellNow />
    </Suspense>
  );
}

function UnreadMessagesBadge() {
  return (
    <Suspense fallback={null}>
      <UnreadMessagesBadgeNow />
    </Suspense>
  );
}

function NotificationPrompt() {
  return (
    <Suspense fallback={null}>
      <NotificationPromptNow />
    </Suspense>
  );
}

const icons: Partial<Record<AppPath, LucideIcon>> = {
  '/team': Users,
  '/companies': Building2,
  '/audit-logs': ScrollText,
  '/fleet-map': Map,
  '/loads': Package,
  '/drivers': UserRound,
  '/brokers': Handshake,
  '/carriers': Building2,
  '/trucks': Truck,
  '/trailers': Container,
  '/documents': FileText,
  '/invoices': Receipt,
  '/settlements': Wallet,
  '/ifta': Fuel,
  '/analytics': BarChart3,
  '/messages': MessageSquare,
  '/settings': Settings,
};

/** Chakra's lg breakpoint, from which the sidebar shows (below it, the top bar and its drawer). */
const WIDE = '(min-width: 64rem)';

function subscribeWide(listener: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Whether the sidebar is shown: it is not rendered at all on a phone, where CSS hid it anyway. */
function useWide(): boolean {
  return useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches);
}

export function AppShell({ session, children }: { session: SessionOutput; children: ReactNode }) {
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [isDrawerWanted, setDrawerWanted] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const isWide = useWide();
  return (
    <Flex minH="100vh" bg="gray.50">
      <Box
        as="aside"
        w="64"
        flexShrink={0}
        bg="white"
        borderRightWidth="1px"
        display={{ base: 'none', lg: 'block' }}
        position="sticky"
        top="0"
        h="100vh"
        overflowY="auto"
      >
        {isWide ? <Sidebar session={session} /> : null}
      </Box>
      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          display={{ base: 'flex', lg: 'none' }}
          align="center"
          justify="space-between"
          px="4"
          h="14"
          bg="white"
          borderBottomWidth="1px"
          position="sticky"
          top="0"
          zIndex="sticky"
        >
          <Logo size={7} />
          {isWide ? <Box w="8" h="8" flexShrink={0} /> : <NotificationBell />}
          <IconButton
            ref={toggleRef}
            aria-label="Open navigation"
            aria-haspopup="dialog"
            aria-expanded={isDrawerOpen}
            variant="ghost"
            onClick={() => {
              setDrawerWanted(true);
              setDrawerOpen(true);
            }}
          >
            <Menu />
          </IconButton>
          {isDrawerWanted ? (
            <Suspense fallback={null}>
              <MobileNav open={isDrawerOpen} onOpenChange={setDrawerOpen} toggle={() => toggleRef.current}>
                <Sidebar session={session} onNavigate={() => setDrawerOpen(false)} />
              </MobileNav>
            </Suspense>
          ) : null}
        </Flex>
        <OfflineBanner />
        <Box as="main" flex="1" p={{ base: '4', md: '8' }} maxW="7xl" w="full" mx="auto">
          <NotificationPrompt />
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}

/**
 * Whose workspace this is, as the person knows it: the company's name for staff and drivers; for a
 * carrier user the carrier's own name (the page below says the same), with the dispatching company
 * under it. The carrier is read with the carrier portal's own query, so the two share one answer.
 */
function OrganisationName({ session }: { session: SessionOutput }) {
  if (session.portal !== 'carrier') {
    return (
      <Text fontWeight="semibold" color="gray.800" data-testid="company-name">
        {session.company.name}
      </Text>
    );
  }
  return <CarrierOrganisationName companyName={session.company.name} />;
}

function CarrierOrganisationName({ companyName }: { companyName: string }) {
  const portal = trpc.portal.carrier.useQuery(undefined, { staleTime: 60_000 }).data;
  // No carrier linked yet (the page says so): the company's name rather than nothing.
  const name = portal ? (portal.carrier?.name ?? companyName) : null;
  return (
    <Stack gap="0">
      <Text fontWeight="semibold" color="gray.800" data-testid="company-name" minH="6">
        {name}
      </Text>
      <Text fontSize="xs" color="gray.600" data-testid="dispatching-company">
        Dispatched by {companyName}
      </Text>
    </Stack>
  );
}

function Sidebar({ session, onNavigate }: { session: SessionOutput; onNavigate?: () => void }) {
  const items = navigationFor(session);
  const signOut = useSignOut();
  return (
    <Flex direction="column" h="full" minH="100vh" p="4" gap="4">
      <Stack gap="1" pb="3" borderBottomWidth="1px">
        <Flex justify="space-between" align="center">
          <Logo />
          <Box display={{ base: 'none', lg: 'block' }}>
            <NotificationBell />
          </Box>
        </Flex>
        <OrganisationName session={session} />
        <Text fontSize="sm" color="gray.700" data-testid="user-name">
          {session.user.firstName} {session.user.lastName}
        </Text>
      </Stack>
      <Stack as="nav" aria-label="Main navigation" gap="1" flex="1">
        {items.map((item) => {
          const Icon = icons[item.to] ?? LayoutDashboard;
          return (
            <Box key={item.to} position="relative">
              <Link
                to={item.to}
                onClick={onNavigate}
                className="shell-nav-link"
                activeProps={{ 'aria-current': 'page', className: 'shell-nav-link active' }}
              >
                <Flex
                  align="center"
                  gap="3"
                  px="3"
                  py="2"
                  borderRadius="md"
                  color="inherit"
                  _hover={{ bg: 'gray.100' }}
                  css={{ '.active &': { bg: 'blue.50', color: 'blue.800', fontWeight: 'semibold' } }}
                >
                  <Icon size={18} aria-hidden />
                  <Text>{item.label}</Text>
                </Flex>
              </Link>
              {item.to === '/messages' ? <UnreadMessagesBadge /> : null}
            </Box>
          );
        })}
      </Stack>
      <Stack gap="1" pt="3" borderTopWidth="1px">
        <Button variant="ghost" justifyContent="flex-start" onClick={() => signOut('local')} loading={signOut.isPending}>
          <LogOut size={18} aria-hidden /> Sign Out
        </Button>
        <Button variant="plain" size="xs" color="gray.700" justifyContent="flex-start" onClick={() => signOut('global')}>
          Sign out on all devices
        </Button>
      </Stack>
    </Flex>
  );
}

function leaveToAuth(navigate: ReturnType<typeof useNavigate>) {
  switchIdentity(null);
  void navigate({ to: '/auth', replace: true });
}

function useSignOut() {
  const navigate = useNavigate();
  const mutation = trpc.auth.signOut.useMutation();
  const signOut = (scope: 'local' | 'global') =>
    mutation.mutate(
      { scope },
      {
        onSuccess: () => leaveToAuth(navigate),
        onError: (error) => notify.error('Error', error.message),
      },
    );
  return Object.assign(signOut, { isPending: mutation.isPending });
}
