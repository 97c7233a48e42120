/** The app icon drawn for next/og, used for the PNG icons phones need to install Sprout. */
export function AppIconImage({ size }: { size: number }) {
  return (
    <div style={{ width: size, height: size, display: 'flex', background: '#2f8a4f', borderRadius: size * 0.22 }}>
      <svg viewBox="0 0 32 32" width={size} height={size}>
        <path d="M16 25v-8" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
        <path d="M16 17c0-4.5-3.5-7.5-8-7.5 0 4.5 3.5 7.5 8 7.5Z" fill="#fff" />
        <path d="M16 15c0-4 3-6.5 7.5-6.5 0 4-3 6.5-7.5 6.5Z" fill="#fff" opacity=".85" />
      </svg>
    </div>
  );
}
