import { ownerSettingsLoader } from './admin.settings._index.server';

export const loader = ownerSettingsLoader;
