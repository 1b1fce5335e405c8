import { style, styleVariants } from '@vanilla-extract/css';
import { FOCUS_POSITIONS } from '../../../../shared/page-content';
import { iconButton } from '../../../../ui/components/Button.css';
import { breakpoints, vars } from '../../../../ui/theme.css';
import { SLIDE_FADE_MS } from './slide-timing';

const noScripts = '(scripting: none)';

export const hero = style({
  position: 'relative',
  height: '70vh',
  minHeight: '26rem',
  overflow: 'hidden',
  display: 'grid',
  alignItems: 'center',
  color: vars.color.white,
  background: vars.color.brownDark,
  '@media': { [breakpoints.md]: { height: '80vh' } },
});

export const carousel = style({ position: 'absolute', inset: 0 });
export const slides = style({ position: 'absolute', inset: 0 });

export const slide = style({
  position: 'absolute',
  inset: 0,
  opacity: 0,
  transition: `opacity ${SLIDE_FADE_MS}ms ease-in-out`,
});
export const slideActive = style([slide, { opacity: 1 }]);
/** A hidden slide before the page's load event: not laid out, so its lazy photo is not fetched yet. */
export const slideDeferred = style([slide, { display: 'none' }]);

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });

/** Each slide's focal point, one of a fixed list (no inline styles: they would need CSP exceptions). */
export const focus = styleVariants(FOCUS_POSITIONS, (position) => ({ objectPosition: position }));

/** The brown gradient over the photos that keeps white text readable (AA) on any photo. */
export const overlay = style({
  position: 'absolute',
  inset: 0,
  background: `linear-gradient(180deg, ${vars.color.brownDark} 0%, ${vars.color.brown} 55%, ${vars.color.brownDark} 100%)`,
  opacity: 0.75,
});

export const content = style({
  position: 'relative',
  width: '100%',
  maxWidth: vars.width.page,
  marginInline: 'auto',
  padding: `${vars.space.xl} ${vars.space.md} 5rem`,
  textAlign: 'center',
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
});

export const headline = style({
  fontSize: '2rem',
  maxWidth: '20em',
  '@media': { [breakpoints.md]: { fontSize: '3rem' } },
});

export const tagline = style({
  fontSize: '1.125rem',
  maxWidth: '36em',
  '@media': { [breakpoints.md]: { fontSize: '1.375rem' } },
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.md,
  marginTop: vars.space.sm,
});

export const controls = style({
  position: 'absolute',
  zIndex: 1,
  left: 0,
  right: 0,
  bottom: vars.space.md,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  // Without scripts the controls could not work: the first slide simply stays.
  '@media': { [noScripts]: { display: 'none' } },
});

export const control = style([
  iconButton,
  { selectors: { '&:focus-visible': { outlineColor: vars.color.goldLight } } },
]);

export const dots = style({ display: 'flex', gap: vars.space.xs });

/** 44px targets around a small visible dot. */
export const dot = style({
  width: '2.75rem',
  height: '2.75rem',
  padding: 0,
  border: 0,
  background: 'transparent',
  cursor: 'pointer',
  display: 'grid',
  placeItems: 'center',
  selectors: {
    '&::before': {
      content: '""',
      width: '0.75rem',
      height: '0.75rem',
      borderRadius: vars.radius.full,
      background: vars.color.white,
      opacity: 0.6,
      boxShadow: `0 0 0 1px ${vars.color.brownDark}`,
      transition: 'transform 200ms ease',
    },
    '&:focus-visible': { outlineColor: vars.color.goldLight },
  },
});
export const dotActive = style([
  dot,
  { selectors: { '&::before': { opacity: 1, transform: 'scale(1.35)' } } },
]);
