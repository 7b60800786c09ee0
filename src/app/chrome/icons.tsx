/** The few icons of the chrome, inline (no icon font to download). */
import { LOGO } from '../../core/logo.ts';

const svg = (size: number, path: string, label?: string) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden={label ? undefined : true}
    role={label ? 'img' : undefined}
    aria-label={label}
  >
    <path d={path} />
  </svg>
);

export const MenuIcon = () => svg(20, 'M3 6h18M3 12h18M3 18h18');
export const PinIcon = ({ filled }: { filled: boolean }) => (
  <svg width={18} height={18} viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" aria-hidden>
    <path d="M12 17v5M9 3h6l-1 7 4 3v2H6v-2l4-3z" />
  </svg>
);
export const UserIcon = ({ signedIn }: { signedIn: boolean }) => (
  <svg width={20} height={20} viewBox="0 0 24 24" fill={signedIn ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" aria-hidden data-signed-in={signedIn}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
  </svg>
);
export const CloseIcon = () => svg(18, 'M6 6l12 12M18 6L6 18');
/** lucide's circle-help (circle-question-mark) drawn inline: lucide-react's runtime would cost the start chunk ~1 KiB gzipped. */
export const HelpIcon = () => svg(18, 'M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0M9 9.5a3 2.5 0 0 1 6 0c0 2-2 2-3 3.5M12 17h.01');

/** The product mark: an orange box. */
/** The logo (core/logo.ts: its shapes, which the server's first paint draws too). */
export const Logo = ({ size = LOGO.size }: { size?: number }) => (
  <svg width={size} height={size} viewBox={LOGO.viewBox} aria-hidden>
    {LOGO.shapes.map(({ tag: Shape, attrs }, i) => (
      <Shape key={i} {...attrs} />
    ))}
  </svg>
);
