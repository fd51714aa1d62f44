// The prefixed names older Safari uses where the standard ones are missing; the front end
// (js/) falls back to them (full screen, and the turn chime's audio). TypeScript's DOM types
// leave them out.
interface Document {
  webkitFullscreenElement?: Element | null;
  webkitFullscreenEnabled?: boolean;
  webkitExitFullscreen?: () => Promise<void>;
}
interface HTMLElement {
  webkitRequestFullscreen?: () => Promise<void>;
}
interface Window {
  webkitAudioContext?: typeof AudioContext;
}
