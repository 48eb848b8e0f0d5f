/** Decorative draw balls beside the home page headline (hidden from assistive technology). */
const BALLS = [
  { x: 150, y: 70, r: 54, n: '07', tone: 'gold' },
  { x: 262, y: 128, r: 44, n: '23', tone: 'blue' },
  { x: 92, y: 190, r: 40, n: '38', tone: 'blue' },
  { x: 206, y: 232, r: 58, n: '41', tone: 'gold' },
  { x: 318, y: 250, r: 34, n: '59', tone: 'plain' },
  { x: 322, y: 40, r: 28, n: '66', tone: 'plain' },
  { x: 60, y: 300, r: 30, n: '80', tone: 'gold' },
] as const;

export function HeroArt() {
  return (
    <svg className="hero-art" viewBox="0 0 380 340" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="ball-gold" cx="35%" cy="30%" r="75%">
          <stop offset="0%" stopColor="#ffe08a" />
          <stop offset="55%" stopColor="#f5b301" />
          <stop offset="100%" stopColor="#b97f00" />
        </radialGradient>
        <radialGradient id="ball-blue" cx="35%" cy="30%" r="75%">
          <stop offset="0%" stopColor="#a9c2ff" />
          <stop offset="55%" stopColor="#4f76e8" />
          <stop offset="100%" stopColor="#2c47a8" />
        </radialGradient>
        <radialGradient id="ball-plain" cx="35%" cy="30%" r="75%">
          <stop offset="0%" stopColor="#ffffff" />
          <stop offset="70%" stopColor="#e4e8f1" />
          <stop offset="100%" stopColor="#b8c0d2" />
        </radialGradient>
      </defs>
      {BALLS.map(({ x, y, r, n, tone }) => (
        <g key={n}>
          <circle cx={x} cy={y} r={r} fill={`url(#ball-${tone})`} />
          <circle cx={x} cy={y} r={r * 0.52} fill="#ffffff" opacity="0.92" />
          <text
            x={x}
            y={y}
            textAnchor="middle"
            dominantBaseline="central"
            fontSize={r * 0.5}
            fontWeight="800"
            fill="#141a29"
            fontFamily="system-ui, sans-serif"
          >
            {n}
          </text>
        </g>
      ))}
    </svg>
  );
}
