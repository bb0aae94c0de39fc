// Flags drawn as SVG: emoji flags do not render on every system (Windows shows letters).
export interface FlagProps {
  iso: string;
  className?: string;
}

export function Flag({ iso, className }: FlagProps) {
  const common = { viewBox: '0 0 30 20', width: 24, height: 16, className: ['flag', className ?? ''].filter(Boolean).join(' '), 'aria-hidden': true as const, focusable: 'false' as const };
  switch (iso) {
    case 'IN':
      return (
        <svg {...common}>
          <rect width="30" height="20" fill="#fff" />
          <rect width="30" height="6.67" fill="#FF9933" />
          <rect y="13.33" width="30" height="6.67" fill="#138808" />
          <circle cx="15" cy="10" r="2.6" fill="none" stroke="#000080" strokeWidth="0.7" />
          <circle cx="15" cy="10" r="0.6" fill="#000080" />
        </svg>
      );
    case 'SG':
      return (
        <svg {...common}>
          <rect width="30" height="20" fill="#fff" />
          <rect width="30" height="10" fill="#EF3340" />
          <circle cx="7" cy="5" r="3.4" fill="#fff" />
          <circle cx="8.3" cy="5" r="3.2" fill="#EF3340" />
          <g fill="#fff">
            <circle cx="10.2" cy="2.8" r="0.55" />
            <circle cx="12.4" cy="4" r="0.55" />
            <circle cx="11.7" cy="6.6" r="0.55" />
            <circle cx="9" cy="6.6" r="0.55" />
            <circle cx="8.4" cy="4" r="0.55" />
          </g>
        </svg>
      );
    case 'TH':
      return (
        <svg {...common}>
          <rect width="30" height="20" fill="#A51931" />
          <rect y="3.33" width="30" height="13.34" fill="#F4F5F8" />
          <rect y="6.67" width="30" height="6.66" fill="#2D2A4A" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <rect width="30" height="20" rx="2" fill="#dde4e2" />
        </svg>
      );
  }
}
