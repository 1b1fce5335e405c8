import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/** Shared by <button> and by links that look like buttons (in-page anchors work without scripts). */
const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '2.75rem',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.full,
  border: '2px solid transparent',
  fontWeight: 700,
  fontSize: '1rem',
  lineHeight: 1.2,
  textAlign: 'center',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 150ms ease, color 150ms ease, transform 150ms ease',
  selectors: {
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const button = styleVariants({
  primary: [
    buttonBase,
    {
      background: vars.color.gold,
      color: vars.color.white,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.brown } },
    },
  ],
  /** The dashboard's main action. */
  dark: [
    buttonBase,
    {
      background: vars.color.brown,
      color: vars.color.white,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.brownDark } },
    },
  ],
  /** The dashboard's secondary actions. */
  outline: [
    buttonBase,
    {
      background: vars.color.white,
      color: vars.color.brown,
      borderColor: vars.color.border,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.cream } },
    },
  ],
  /** On a dark photo or a brown band. */
  light: [
    buttonBase,
    {
      background: vars.color.white,
      color: vars.color.brownDark,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.goldLight } },
    },
  ],
  muted: [buttonBase, { background: vars.color.creamDark, color: vars.color.muted, width: '100%' }],
});

/** Denser and squarer, for the dashboard. Defined after the variants so it wins over their shape. */
export const compact = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  borderWidth: 1,
  fontWeight: 600,
  fontSize: 'inherit',
  whiteSpace: 'nowrap',
});

export const full = style({ width: '100%' });

/** Round icon-only control (arrows, close, pause). */
export const iconButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  padding: 0,
  borderRadius: vars.radius.full,
  border: 0,
  cursor: 'pointer',
  background: vars.color.white,
  color: vars.color.brownDark,
  boxShadow: vars.shadow.card,
  selectors: { '&:hover': { background: vars.color.goldLight } },
});
