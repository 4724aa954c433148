import { useState } from 'react';
import { BrandMark } from './brand-mark';

export interface TenantLogoProps {
  src: string | null;
  alt: string;
  color: string;
  /** Height in px; the platform mark is square at this size. */
  height: number;
  className?: string;
}

/** The tenant's logo, or the platform's mark when there is none or it does not load. */
export function TenantLogo({ src, alt, color, height, className }: TenantLogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <BrandMark color={color} size={height} title={alt} />;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      style={{ height, maxWidth: height * 5, objectFit: 'contain' }}
      onError={() => setFailedSrc(src)}
    />
  );
}
