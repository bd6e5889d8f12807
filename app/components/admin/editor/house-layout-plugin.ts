import { addMdastExtension$, realmPlugin } from '@mdxeditor/editor';
import { markLayout } from './house-settings';

/** Runs house-settings' markLayout on every parse, while the source positions are still there. */
export const houseLayoutPlugin = realmPlugin({
  init(realm) {
    realm.pubIn({ [addMdastExtension$]: { transforms: [markLayout as never] } });
  },
});
