// The whole first load of a prerendered public page (/, /about, /contact, /auth): scripts/prerender.ts
// bundles this file with esbuild into one small classic script (assets/boot-<hash>.js, deferred in the
// page's head) in place of the app's entry. The page is already on screen (its markup and Chakra's styles
// are in the HTML) and its links are plain links to other prerendered pages, so the app (React,
// Chakra, the router: the entry and its imports) is loaded only when it is needed:
// - at the first interaction (a pointer over the page or down, a touch, a key, a focus: someone about
//   to use a form, the menu or the tabs), or at once for a signed-in visitor of a page that sends them
//   on (/ and /auth: the routes' redirectSignedInToDashboard) and for a page served for another address;
// - until the app has hydrated the page (main.tsx calls `hydrated()`), a button pressed or a form
//   sent is held and replayed on the same element afterwards, and what was typed into a field
//   is handed to the app's form state (React hydrates the very same elements, so focus and the
//   text stay where they are).
// It also shows the install banner when the browser offers installation (its markup prerendered,
// hidden, outside the app's root: #install-island) and registers the service worker, so neither
// needs the app. No notification prompt here: it is asked for in the signed-in shell, once the user
// has done something notifications serve (features/pwa/NotificationPrompt.tsx).
import { PRODUCT_NAME, PWA_INSTALL_DISMISSED_KEY } from '#shared/constants.js';

/** What the bootstrap and the app share: window.__haulwiseBoot. */
export interface BootHandle {
  /** Loads the app (once). */
  boot: () => void;
  /** Called by the app once it has hydrated the page: typed text handed over, held actions replayed. */
  hydrated: () => void;
  /** The browser's install offer, if it came before the app on a page without the install island (features/pwa/install-prompt.ts takes it). */
  installOffer?: Event;
  /** A toast to show once the app has loaded (the install accepted from the install island). */
  toast?: { title: string; description: string };
}

declare global {
  interface Window {
    __haulwiseBoot?: BootHandle;
  }
}

/** The pages whose route sends a signed-in visitor to the dashboard (routes/index.tsx, routes/auth.tsx). */
const SIGNED_IN_REDIRECT = ['/', '/auth'];
/**
 * What may be pressed before the app runs and must then be replayed. A link is left to the browser (a
 * plain link to another page), and so is a label (it focuses its field, where typing at once is kept).
 */
const PRESSABLE = 'button, [role="button"], [role="tab"], input[type="checkbox"], input[type="radio"]';

const script = document.currentScript as HTMLScriptElement | null;
const entry = script?.dataset.entry ?? '';
const preload = JSON.parse(script?.dataset.preload ?? '[]') as string[];
const installIsland = document.getElementById('install-island');

type Held = { kind: 'press'; element: HTMLElement } | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };
const held: Held[] = [];
let booted = false;
let done = false;

function boot(): void {
  if (booted) return;
  booted = true;
  for (const href of preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const module = document.createElement('script');
  module.type = 'module';
  module.crossOrigin = '';
  module.src = entry;
  document.head.append(module);
}

const inIsland = (target: EventTarget | null) => target instanceof Node && installIsland !== null && installIsland.contains(target);

const wake = (event: Event) => {
  if (!inIsland(event.target)) boot();
};
// A pointer coming over the page (a desktop's mouse) is the first sign of use: the app gets its head start before the click.
for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mouseover']) {
  document.addEventListener(type, wake, { capture: true, passive: true });
}

// Held until the app has hydrated: a press (the menu, a tab, a form's submit button) and a form sent
// (Enter in a field). Without this a press would be lost and a form would be sent by the browser itself.
function hold(event: Event): void {
  if (done || inIsland(event.target)) return;
  const target = event.target instanceof Element ? event.target : null;
  if (event.type === 'submit' && target instanceof HTMLFormElement) {
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ kind: 'submit', form: target, submitter: (event as SubmitEvent).submitter });
  } else if (event.type === 'click') {
    const pressed = target?.closest<HTMLElement>(PRESSABLE);
    if (!pressed || pressed.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ kind: 'press', element: pressed });
  } else return;
  boot();
}
document.addEventListener('click', hold, true);
document.addEventListener('submit', hold, true);

// What each field held at its last input before hydration: hydrating may reset a field to the value
// React rendered (an empty one), so the text is kept here to hand over.
const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
document.addEventListener(
  'input',
  (event) => {
    const field = event.target;
    if (!done && (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) typed.set(field, field.value);
  },
  true,
);

/**
 * Hands what was typed before hydration to the app. React may have taken the field's text as already
 * known when it hydrated (its value tracker holds it), or reset the field to the value it rendered:
 * either way the field is set through the tracker's own setter to the value React rendered, then
 * natively to the text, and announced as input: React sees a change and the form's onChange keeps it.
 */
function handOver(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  if (!field.isConnected || field.type === 'checkbox' || field.type === 'radio' || text === field.defaultValue) return;
  const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  field.value = field.defaultValue;
  native?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

let scheduled = false;
function hydrated(): void {
  if (scheduled) return;
  scheduled = true;
  // Once React has finished the hydration's commit (this is called from an effect of it); until then
  // a press is still held, so none slips between the two.
  setTimeout(replay, 0);
}

function replay(): void {
  typed.forEach((text, field) => handOver(field, text));
  typed.clear();
  done = true;
  for (const action of held.splice(0)) {
    if (action.kind === 'press') {
      if (action.element.isConnected) action.element.click();
    } else if (action.form.isConnected) {
      const submitter = action.submitter?.isConnected ? action.submitter : null;
      action.form.requestSubmit(submitter);
    }
  }
}

const handle: BootHandle = { boot, hydrated };
window.__haulwiseBoot = handle;

// The page served for another address (the service worker's offline copy of the last page): the app
// renders the address's own screen at once (main.tsx clears the page).
if (document.getElementById('root')?.dataset.prerendered !== location.pathname) boot();

// A signed-in visitor of / or /auth is sent on to the dashboard by the app: load it at once.
if (SIGNED_IN_REDIRECT.includes(location.pathname)) {
  fetch('/trpc/auth.session', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<{ result?: { data?: unknown } }>) : null))
    .then((body) => {
      if (body?.result?.data) boot();
    })
    .catch(() => undefined);
}

// The install offer (hidden until the browser makes one, never after a dismissal or once installed):
// the prerendered banner (#install-island) shows it without the app; Install asks the browser, and an
// accepted install is told by a toast once the app has loaded (InstallBanner.tsx's texts).
interface InstallOffer extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}
if (!localStorage.getItem(PWA_INSTALL_DISMISSED_KEY) && !matchMedia('(display-mode: standalone)').matches) {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    const offer = event as InstallOffer;
    if (!installIsland) {
      handle.installOffer = offer;
      boot();
      return;
    }
    // The banner's buttons, in their order (features/pwa/InstallBanner.tsx): Install, then its close button.
    const [install, dismiss] = Array.from(installIsland.querySelectorAll('button'));
    const close = () => {
      installIsland.hidden = true;
    };
    if (install) {
      install.onclick = () => {
        void offer
          .prompt()
          .then(() => offer.userChoice)
          .then((choice) => {
            close();
            if (choice.outcome !== 'accepted') return;
            handle.toast = { title: 'App Installed!', description: `You can now use ${PRODUCT_NAME} from your home screen` };
            boot();
          });
      };
    }
    if (dismiss) {
      dismiss.onclick = () => {
        localStorage.setItem(PWA_INSTALL_DISMISSED_KEY, 'true');
        close();
      };
    }
    installIsland.hidden = false;
  });
}

if ('serviceWorker' in navigator) {
  addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.info('Service worker not registered', error));
  });
}
