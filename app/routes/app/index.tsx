// /app: the app area starts at the dashboard, served here as at /app/dashboard (no redirect round trip).
export { default, loader, meta } from './dashboard';
