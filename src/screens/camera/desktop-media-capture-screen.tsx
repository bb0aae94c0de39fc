// /desktop-media-capture: its own chunk, so each route loads only when opened.
export { DesktopMediaCaptureScreen as default } from './capture-screen';
