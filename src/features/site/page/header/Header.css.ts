import { style } from '@vanilla-extract/css';
import { button } from '../../../../ui/components/Button.css';
import { breakpoints, vars } from '../../../../ui/theme.css';

/** Scripts off: no toggle can open the menu, so phones see the list as it is. */
const noScripts = '(scripting: none)';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 40,
  // Solid white where color-mix is unknown; translucent and blurred where it is.
  background: [vars.color.white, `color-mix(in srgb, ${vars.color.white} 88%, transparent)`],
  backdropFilter: 'blur(10px)',
  WebkitBackdropFilter: 'blur(10px)',
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': {
    // The always-open list would cover a phone's screen if it stuck to the top.
    [noScripts]: { position: 'relative' },
    [`${breakpoints.md} and ${noScripts}`]: { position: 'sticky' },
  },
});

export const skipLink = style({
  position: 'absolute',
  left: vars.space.md,
  top: vars.space.sm,
  zIndex: 1,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.brownDark,
  color: vars.color.white,
  borderRadius: vars.radius.sm,
  // Off screen until focused: the first Tab stop of the page.
  transform: 'translateY(-10rem)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const bar = style({
  position: 'relative',
  maxWidth: vars.width.page,
  marginInline: 'auto',
  minHeight: '4rem',
  paddingInline: vars.space.md,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const wordmark = style({
  fontFamily: vars.font.heading,
  fontSize: '1.5rem',
  fontWeight: 700,
  textDecoration: 'none',
  paddingBlock: vars.space.sm,
});
export const first = style({ color: vars.color.brownDark });
export const second = style({ color: vars.color.gold });

export const nav = style({
  display: 'flex',
  alignItems: 'center',
  '@media': { [noScripts]: { flexBasis: '100%' }, [breakpoints.md]: { flexBasis: 'auto' } },
});

export const toggle = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.brownDark,
  cursor: 'pointer',
  '@media': { [breakpoints.md]: { display: 'none' }, [noScripts]: { display: 'none' } },
});

const listBase = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  gap: vars.space.xs,
  '@media': {
    [breakpoints.md]: {
      display: 'flex',
      flexDirection: 'row',
      alignItems: 'center',
      gap: vars.space.lg,
      position: 'static',
      padding: 0,
      border: 0,
      boxShadow: 'none',
    },
  },
});

/** Below md: a vertical panel under the bar, shown while open. */
const panel = {
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  flexDirection: 'column',
  padding: vars.space.md,
  background: vars.color.white,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
} as const;

export const list = style([
  listBase,
  {
    ...panel,
    display: 'none',
    '@media': {
      [noScripts]: { display: 'flex', position: 'static', boxShadow: 'none', border: 0, padding: 0 },
    },
  },
]);

export const listOpen = style([listBase, { ...panel, display: 'flex' }]);

export const link = style({
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.xs}`,
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.gold } },
});

export const ctaLink = style([
  button.primary,
  { marginTop: vars.space.xs, '@media': { [breakpoints.md]: { marginTop: 0 } } },
]);
