import t from 'tap';
import {
  ACCEPT_ATTRIBUTE,
  ACCEPTED_IMAGE_TYPES,
  checkUploadFile,
  imageTypeOfName,
  isAcceptedImageType,
  MAX_UPLOAD_BYTES,
  UPLOAD_RULE_MESSAGES,
} from './upload-rules.ts';

t.test('the accepted types include the phone formats and the cap is 10 MB', async (t) => {
  for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/heic', 'image/heif']) {
    t.ok(isAcceptedImageType(type), type);
    t.ok(ACCEPT_ATTRIBUTE.split(',').includes(type), `${type} offered by the picker`);
  }
  t.ok(isAcceptedImageType(' IMAGE/PNG '), 'case and spaces do not matter');
  for (const type of ['image/gif', 'text/html', 'application/octet-stream', '']) t.notOk(isAcceptedImageType(type), type);
  t.equal(ACCEPTED_IMAGE_TYPES.length, 6);
  t.equal(MAX_UPLOAD_BYTES, 10 * 1024 * 1024);
});

t.test('checkUploadFile answers with the message the member sees, type first', async (t) => {
  t.equal(checkUploadFile({ type: 'image/jpeg', size: 1 }), null);
  t.equal(checkUploadFile({ type: 'image/heic', size: MAX_UPLOAD_BYTES }), null);
  t.equal(checkUploadFile({ type: 'image/gif', size: MAX_UPLOAD_BYTES + 1 }), 'Please select an image file');
  for (const size of [0, -1, 1.5, MAX_UPLOAD_BYTES + 1]) {
    t.equal(checkUploadFile({ type: 'image/png', size }), 'Image must be less than 10MB', String(size));
  }
  t.equal(UPLOAD_RULE_MESSAGES.tooLarge, 'Image must be less than 10MB');
});

t.test('a file without a type is judged by its name when one is given', async (t) => {
  t.equal(imageTypeOfName('IMG_0001.HEIC'), 'image/heic');
  t.equal(imageTypeOfName('notes.txt'), null);
  t.equal(checkUploadFile({ type: '', size: 10, name: 'photo.heif' }), null);
  t.equal(checkUploadFile({ type: '', size: 10, name: 'photo' }), 'Please select an image file');
  t.equal(checkUploadFile({ type: '', size: 10 }), 'Please select an image file');
});
