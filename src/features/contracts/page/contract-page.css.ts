import { globalStyle } from '@vanilla-extract/css';
import { tokens } from '../../../shared/tokens';

/**
 * The family's signing page (src/features/contracts/family-contract-page.server.ts): server-written HTML with plain
 * class names, styled here as global rules because the page is not a React tree. Linked only by
 * that page, through its own entry (src/client/contract.ts).
 */
const { color, space, radius, font } = tokens;

globalStyle('body.contract-page', {
  margin: 0,
  background: color.cream,
  color: color.text,
  fontFamily: font.body,
  lineHeight: 1.55,
});
globalStyle('.contract-main', {
  maxWidth: '44rem',
  margin: '0 auto',
  padding: `${space.lg} ${space.md} ${space.xxl}`,
});
globalStyle('.contract-main h1', {
  fontFamily: font.heading,
  color: color.brownDark,
  fontSize: '1.6rem',
  lineHeight: 1.25,
});
globalStyle('.contract-main h2', { fontFamily: font.heading, color: color.brownDark, fontSize: '1.25rem' });
globalStyle('.contract-kennel', { color: color.gold, fontWeight: 700, margin: 0 });
globalStyle('.agreement-text', {
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  background: color.white,
  border: `1px solid ${color.border}`,
  borderRadius: radius.md,
  padding: space.md,
});
globalStyle('.contract-hash', { fontSize: '0.85rem', color: color.muted, overflowWrap: 'anywhere' });
globalStyle('.contract-status', { fontWeight: 700 });
globalStyle('.status-void', { color: color.danger });
globalStyle('.status-signed', { color: color.success });
globalStyle('.contract-error', {
  color: color.danger,
  background: color.dangerBg,
  padding: space.sm,
  borderRadius: radius.sm,
});
globalStyle('.contract-notice', { color: color.success, fontWeight: 600 });
globalStyle('.sign-form', {
  background: color.white,
  border: `1px solid ${color.border}`,
  borderRadius: radius.md,
  padding: space.md,
  marginTop: space.lg,
});
globalStyle('.sign-form .field', { margin: `0 0 ${space.md}`, border: 0, padding: 0 });
globalStyle('.sign-form label', { display: 'block', fontWeight: 600 });
globalStyle('.sign-form .consent', {
  display: 'flex',
  gap: space.sm,
  alignItems: 'flex-start',
  fontWeight: 400,
});
globalStyle('.sign-form input[type="checkbox"]', {
  width: '1.25rem',
  height: '1.25rem',
  flex: 'none',
  marginTop: '0.15rem',
});
globalStyle('#signer-name', {
  display: 'block',
  width: '100%',
  boxSizing: 'border-box',
  fontSize: '1rem',
  padding: space.sm,
  border: `1px solid ${color.muted}`,
  borderRadius: radius.sm,
});
globalStyle('.signature-methods', { display: 'flex', gap: space.lg });
globalStyle('.signature-methods[hidden]', { display: 'none' });
globalStyle('.signature-methods label', { fontWeight: 400 });
globalStyle('.typed-signature', {
  fontFamily: '"Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", cursive',
  fontStyle: 'italic',
  fontSize: '2rem',
  minHeight: '3rem',
  borderBottom: `1px solid ${color.muted}`,
  margin: `${space.sm} 0`,
  overflowWrap: 'anywhere',
});
globalStyle('.signature-pad canvas', {
  display: 'block',
  width: '100%',
  maxWidth: '100%',
  aspectRatio: '700 / 250',
  background: color.white,
  border: `2px dashed ${color.muted}`,
  borderRadius: radius.sm,
  touchAction: 'none',
});
globalStyle('.hint', { color: color.muted, fontSize: '0.9rem', margin: 0 });
globalStyle('.field-error', { color: color.danger, margin: `${space.xs} 0 0` });
globalStyle('.contract-button', {
  display: 'inline-block',
  background: color.brown,
  color: color.white,
  border: 0,
  borderRadius: radius.full,
  padding: `${space.sm} ${space.lg}`,
  fontSize: '1rem',
  fontWeight: 700,
  textDecoration: 'none',
  cursor: 'pointer',
  minHeight: '44px',
});
globalStyle('.link-button', {
  background: 'none',
  border: 0,
  color: color.brown,
  textDecoration: 'underline',
  padding: `${space.sm} 0`,
  cursor: 'pointer',
  fontSize: '1rem',
  minHeight: '44px',
});
globalStyle('.visually-hidden', {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
});
globalStyle('.contract-main :focus-visible', { outline: `3px solid ${color.focus}`, outlineOffset: '2px' });
