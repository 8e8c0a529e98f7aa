import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { FileUploader, type FileUploadItem } from './FileUploader';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fake upload that reports progress in four steps and succeeds. */
async function fakeUpload(_files: File[], reportProgress: (percent: number) => void) {
  for (const percent of [25, 50, 75]) {
    await wait(300);
    reportProgress(percent);
  }
  await wait(300);
}

const meta = {
  title: 'UI/FileUploader',
  component: FileUploader,
  args: {
    label: 'Attachments',
    onUpload: fn(fakeUpload),
    onReject: fn(),
    onItemsChange: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof FileUploader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, single file, any type; choosing a file and pressing Upload runs a fake upload. */
export const Default: Story = {};

/** Several files, limited to PDFs and images up to 5 MB. */
export const Multiple: Story = {
  args: { multiple: true, maxFiles: 3, accept: ['.pdf', 'image/*'], maxSize: 5 * 1024 * 1024 },
};

const item = (overrides: Partial<FileUploadItem>): FileUploadItem => {
  const file = new File(['%PDF-1.7'], overrides.name ?? 'quote.pdf', { type: 'application/pdf' });
  return {
    id: overrides.name ?? 'quote.pdf',
    file,
    name: file.name,
    size: 245_760,
    type: file.type,
    status: 'pending',
    progress: 0,
    ...overrides,
  };
};

/** A chosen file waiting for Upload. */
export const Pending: Story = { args: { defaultItems: [item({})] } };

/** Uploading: the Remove button is disabled until the upload settles. */
export const Uploading: Story = { args: { defaultItems: [item({ status: 'uploading', progress: 40 })] } };

/** Uploaded. */
export const Success: Story = { args: { defaultItems: [item({ status: 'success', progress: 100 })] } };

/** A failed upload keeps the handler's message. */
export const WithError: Story = {
  args: { defaultItems: [item({ status: 'error', progress: 0, error: 'Network error' })] },
};

/** Several files in every state. */
export const MixedStates: Story = {
  args: {
    multiple: true,
    defaultItems: [
      item({ name: 'quote.pdf' }),
      item({ name: 'invoice.pdf', status: 'uploading', progress: 65 }),
      item({ name: 'delivery-note.pdf', status: 'success', progress: 100 }),
      item({ name: 'photo.pdf', status: 'error', error: 'Upload failed' }),
    ],
  },
};

/** Disabled: nothing can be chosen or dropped. */
export const Disabled: Story = { args: { disabled: true } };
