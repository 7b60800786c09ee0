/** The few icons of the chrome, inline (no icon font to download). */
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

/** The product mark: an orange box. */
export const Logo = ({ size = 32 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden>
    <rect x="2" y="2" width="28" height="28" rx="7" fill="#f97316" />
    <path d="M9 12l7-4 7 4v8l-7 4-7-4z" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
    <path d="M9 12l7 4 7-4M16 16v8" fill="none" stroke="#fff" strokeWidth="2" />
  </svg>
);
