export function Logo({ className = 'size-6' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M16 25v-8" stroke="white" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M16 17c0-4.5-3.5-7.5-8-7.5 0 4.5 3.5 7.5 8 7.5Z" fill="white" />
      <path d="M16 15c0-4 3-6.5 7.5-6.5 0 4-3 6.5-7.5 6.5Z" fill="white" opacity=".85" />
    </svg>
  );
}
