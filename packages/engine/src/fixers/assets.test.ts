import { describe, expect, it } from 'vitest';
import { addImportedAssets, assetFilePath, assetImportPath, MAX_ASSET_BYTES } from './assets';

const png = { uploadId: 'abcdefghijklmnopqrst', mimeType: 'image/png', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) };

describe('image assets', () => {
  it('adds an attached image as a data-URL module when the code imports it', () => {
    const files = new Map([['client/src/App.tsx', `import photo from '${assetImportPath(png.uploadId)}';\nexport default () => <img src={photo} />;\n`]]);
    expect(addImportedAssets(files, [png])).toEqual({ added: [assetFilePath(png.uploadId)], tooLarge: [] });
    expect(files.get('client/src/assets/upload-abcdefghijkl.ts')).toBe("export default 'data:image/png;base64,iVBORw==';\n");
  });

  it('adds nothing when no code imports the image', () => {
    const files = new Map([['client/src/App.tsx', 'export default () => null;\n']]);
    expect(addImportedAssets(files, [png]).added).toEqual([]);
    expect(files.size).toBe(1);
  });

  it('refuses images too large for a project file', () => {
    const big = { ...png, data: new Uint8Array(MAX_ASSET_BYTES + 1000) };
    const files = new Map([['client/src/components/Hero.tsx', "import p from '../assets/upload-abcdefghijkl';\n"]]);
    expect(addImportedAssets(files, [big])).toEqual({ added: [], tooLarge: ['client/src/assets/upload-abcdefghijkl.ts'] });
  });
});
