/**
 * Icons of workflow events (fsm_events.event_params.bv_icon), inline like the chrome's
 * (no icon font to download): the names the seeded workflows use, drawn in the Lucide
 * style. A name not listed shows no icon; the event's name always says what it does.
 */
const PATHS: Record<string, string[]> = {
  banknote: ['M2 6h20v12H2z', 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6', 'M6 12h.01M18 12h.01'],
  bell: ['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0'],
  check: ['M20 6 9 17l-5-5'],
  'circle-check': ['M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20', 'm9 12 2 2 4-4'],
  clock: ['M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20', 'M12 6v6l4 2'],
  hourglass: ['M5 22h14M5 2h14', 'M17 22v-4.17a2 2 0 0 0-.59-1.42L12 12l-4.41 4.41A2 2 0 0 0 7 17.83V22', 'M7 2v4.17a2 2 0 0 0 .59 1.42L12 12l4.41-4.41A2 2 0 0 0 17 6.17V2'],
  'package-check': ['m16 16 2 2 4-4', 'M21 10V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73l7 4a2 2 0 0 0 2 0l2-1.14', 'M3.29 7 12 12l8.71-5', 'M12 22V12'],
  'package-x': ['M21 10V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73l7 4a2 2 0 0 0 2 0l2-1.14', 'M3.29 7 12 12l8.71-5', 'M12 22V12', 'm17 13 5 5m-5 0 5-5'],
  receipt: ['M4 2v20l2-1 2 1 2-1 2 1 2-1 2 1 2-1 2 1V2l-2 1-2-1-2 1-2-1-2 1-2-1-2 1Z', 'M16 8h-6a2 2 0 1 0 0 4h4a2 2 0 1 1 0 4H8', 'M12 17.5v-11'],
  send: ['M22 2 11 13', 'M22 2 15 22l-4-9-9-4Z'],
  ship: [
    'M2 21c.6.5 1.2 1 2.5 1 2.5 0 2.5-2 5-2 1.3 0 1.9.5 2.5 1s1.2 1 2.5 1c2.5 0 2.5-2 5-2 1.3 0 1.9.5 2.5 1',
    'M19.38 20A11.6 11.6 0 0 0 21 14l-9-4-9 4c0 2.9.94 5.34 2.81 7.76',
    'M19 13V7a2 2 0 0 0-2-2H7a2 2 0 0 0-2 2v6',
    'M12 10v4M12 2v3',
  ],
  truck: [
    'M14 18V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v11a1 1 0 0 0 1 1h2',
    'M15 18H9',
    'M19 18h2a1 1 0 0 0 1-1v-3.65a1 1 0 0 0-.22-.62L18.3 9.38a1 1 0 0 0-.78-.38H14',
    'M7 16a2 2 0 1 0 0 4 2 2 0 0 0 0-4',
    'M17 16a2 2 0 1 0 0 4 2 2 0 0 0 0-4',
  ],
  'x-circle': ['M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20', 'm15 9-6 6M9 9l6 6'],
};

export const hasEventIcon = (name: string | undefined): boolean => !!name && Object.hasOwn(PATHS, name);

/** The event's icon (decorative: the button or title beside it names the event), or nothing. */
export function EventIcon({ name, size = 16 }: { name: string | undefined; size?: number }) {
  const paths = name && Object.hasOwn(PATHS, name) ? PATHS[name]! : null;
  if (!paths) return null;
  return (
    <svg
      className="event-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      data-icon={name}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
