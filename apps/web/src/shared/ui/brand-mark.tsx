export interface BrandMarkProps {
  color: string;
  size?: number;
  title?: string;
}

/** The platform's own mark, shown when a tenant has no logo. */
export function BrandMark({ color, size = 48, title }: BrandMarkProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <rect width="64" height="64" rx="16" fill={color} />
      <path
        d="M32 47s-14-8.4-14-18.2C18 23.9 21.6 20 26 20c2.7 0 4.8 1.4 6 3.5 1.2-2.1 3.3-3.5 6-3.5 4.4 0 8 3.9 8 8.8C46 38.6 32 47 32 47z"
        fill="#fff"
      />
    </svg>
  );
}
