import { Theme } from '@radix-ui/themes';
import { composeStories } from '@storybook/react-vite';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import {
  FileUploader,
  type FileUploaderProps,
  type FileUploadItem,
  matchesAccept,
  validateFiles,
} from './FileUploader';
import * as stories from './FileUploader.stories';

function makeFile(name: string, type: string, size = 100): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let warn: MockInstance;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
});

function renderUploader(props: Partial<FileUploaderProps> = {}) {
  const onUpload = vi.fn<FileUploaderProps['onUpload']>(async () => {});
  const onReject = vi.fn();
  const onItemsChange = vi.fn<(items: FileUploadItem[]) => void>();
  render(
    <Theme>
      <FileUploader
        label="Attachments"
        onUpload={onUpload}
        onReject={onReject}
        onItemsChange={onItemsChange}
        {...props}
      />
    </Theme>,
  );
  // applyAccept off: the uploader's own type rule is under test, not the browser's filter.
  const user = userEvent.setup({ applyAccept: false });
  const input = screen.getByLabelText('Browse');
  return { user, input, onUpload, onReject, onItemsChange };
}

const list = () => screen.getByRole('list', { name: 'Attachments: files' });

describe('FileUploader', () => {
  it("adds chosen files through the labelled 'Browse' file input, pending, with formatted sizes", async () => {
    const { user, input, onUpload } = renderUploader({ multiple: true });
    expect(screen.getByRole('group', { name: 'Attachments' })).toBeInTheDocument();
    expect(input).toHaveAttribute('type', 'file');
    await user.upload(input, [
      makeFile('quote.pdf', 'application/pdf', 1536),
      makeFile('a.png', 'image/png', 2 * 1024 ** 2),
    ]);
    const items = within(list()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('quote.pdf');
    expect(items[0]).toHaveTextContent('1.5 KB');
    expect(items[0]).toHaveTextContent('Ready to upload');
    expect(items[1]).toHaveTextContent('2 MB');
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('adds dropped files', () => {
    renderUploader();
    const file = makeFile('drop.pdf', 'application/pdf');
    fireEvent.drop(screen.getByTestId('file-drop-zone'), { dataTransfer: { files: [file] } });
    expect(within(list()).getByRole('listitem')).toHaveTextContent('drop.pdf');
  });

  it("refuses a file over 10 MB by default with 'File size must be less than 10 MB', logged and passed to onReject", async () => {
    const { user, input, onReject } = renderUploader();
    const big = makeFile('big.pdf', 'application/pdf', 10 * 1024 ** 2 + 1);
    await user.upload(input, big);
    expect(warn).toHaveBeenCalledWith('File size must be less than 10 MB');
    expect(onReject).toHaveBeenCalledWith([{ message: 'File size must be less than 10 MB', files: [big] }]);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('accepts a file of exactly the maximum size', () => {
    const file = makeFile('edge.pdf', 'application/pdf', 10 * 1024 ** 2);
    expect(validateFiles([file]).accepted).toEqual([file]);
  });

  it('formats a custom maxSize in the message', () => {
    const { rejections } = validateFiles([makeFile('a.txt', 'text/plain', 2000)], { maxSize: 1536 });
    expect(rejections[0]?.message).toBe('File size must be less than 1.5 KB');
  });

  it('matches the accept list by extension, mime wildcard or exact mime type', () => {
    const accept = ['.pdf', 'image/*', 'text/csv'];
    expect(matchesAccept({ name: 'QUOTE.PDF', type: '' }, accept)).toBe(true);
    expect(matchesAccept({ name: 'photo', type: 'image/jpeg' }, accept)).toBe(true);
    expect(matchesAccept({ name: 'data.txt', type: 'text/csv' }, accept)).toBe(true);
    expect(matchesAccept({ name: 'notes.txt', type: 'text/plain' }, accept)).toBe(false);
    expect(matchesAccept({ name: 'anything.exe', type: 'application/octet-stream' }, undefined)).toBe(true);
  });

  it("refuses a file of another type with 'File type not accepted. Accepted types: {list}' and keeps the others", async () => {
    const { user, input, onReject } = renderUploader({ multiple: true, accept: ['.pdf', 'image/*'] });
    expect(input).toHaveAttribute('accept', '.pdf,image/*');
    const txt = makeFile('notes.txt', 'text/plain');
    await user.upload(input, [makeFile('quote.pdf', 'application/pdf'), txt]);
    const message = 'File type not accepted. Accepted types: .pdf, image/*';
    expect(warn).toHaveBeenCalledWith(message);
    expect(onReject).toHaveBeenCalledWith([{ message, files: [txt] }]);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
  });

  it("says 'Only one file is allowed' when single mode receives several files", async () => {
    const { input, onReject } = renderUploader({ multiple: false });
    expect(input).not.toHaveAttribute('multiple');
    // A drop can carry several files even when the input takes one.
    fireEvent.drop(screen.getByTestId('file-drop-zone'), {
      dataTransfer: { files: [makeFile('a.pdf', 'application/pdf'), makeFile('b.pdf', 'application/pdf')] },
    });
    expect(warn).toHaveBeenCalledWith('Only one file is allowed');
    expect(onReject.mock.calls[0]?.[0][0].message).toBe('Only one file is allowed');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('replaces the file in single mode when another is chosen', async () => {
    const { user, input } = renderUploader();
    await user.upload(input, makeFile('first.pdf', 'application/pdf'));
    await user.upload(input, makeFile('second.pdf', 'application/pdf'));
    const items = within(list()).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('second.pdf');
  });

  it("says 'Only one file is allowed' in single mode while the file in the list is uploading", async () => {
    const upload = deferred();
    const { user, input, onReject } = renderUploader({ autoUpload: true, onUpload: () => upload.promise });
    await user.upload(input, makeFile('first.pdf', 'application/pdf'));
    await user.upload(input, makeFile('second.pdf', 'application/pdf'));
    expect(onReject.mock.calls[0]?.[0][0].message).toBe('Only one file is allowed');
    expect(within(list()).getByRole('listitem')).toHaveTextContent('first.pdf');
    await act(async () => upload.resolve());
  });

  it("says 'Maximum 5 files allowed' by default, counting the files already present", async () => {
    const { user, input, onReject } = renderUploader({ multiple: true });
    const pdfs = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => makeFile(`${prefix}${i}.pdf`, 'application/pdf'));
    await user.upload(input, pdfs(3, 'a'));
    await user.upload(input, pdfs(3, 'b'));
    expect(warn).toHaveBeenCalledWith('Maximum 5 files allowed');
    expect(onReject.mock.calls[0]?.[0][0].message).toBe('Maximum 5 files allowed');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(3);
    await user.upload(input, pdfs(2, 'c'));
    expect(within(list()).getAllByRole('listitem')).toHaveLength(5);
  });

  it('uses a custom maxFiles in the message', () => {
    const files = [makeFile('a.pdf', 'application/pdf')];
    expect(
      validateFiles(files, { multiple: true, maxFiles: 2, currentCount: 2 }).rejections[0]?.message,
    ).toBe('Maximum 2 files allowed');
  });

  it('moves items from pending to uploading at 0 % and to success at 100 %', async () => {
    const upload = deferred();
    const onUpload = vi.fn(() => upload.promise);
    const { user, input } = renderUploader({ onUpload });
    const file = makeFile('quote.pdf', 'application/pdf');
    await user.upload(input, file);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(onUpload).toHaveBeenCalledWith([file], expect.any(Function));
    const progress = screen.getByRole('progressbar', { name: 'Upload progress of quote.pdf' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(within(list()).getByRole('listitem')).toHaveTextContent('Uploading 0%');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await act(async () => upload.resolve());
    expect(progress).toHaveAttribute('aria-valuenow', '100');
    expect(within(list()).getByRole('listitem')).toHaveTextContent('Uploaded');
  });

  it('shows the progress the handler reports on each item of the batch', async () => {
    let report: (percent: number) => void = () => {};
    const upload = deferred();
    const { user, input } = renderUploader({
      multiple: true,
      onUpload: (_files, reportProgress) => {
        report = reportProgress;
        return upload.promise;
      },
    });
    await user.upload(input, [makeFile('a.pdf', 'application/pdf'), makeFile('b.pdf', 'application/pdf')]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    act(() => report(42.4));
    expect(screen.getByRole('progressbar', { name: 'Upload progress of a.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(screen.getByRole('progressbar', { name: 'Upload progress of b.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    await act(async () => upload.resolve());
  });

  it("marks items failed with the handler's message", async () => {
    const { user, input } = renderUploader({
      onUpload: async () => Promise.reject(new Error('Network error')),
    });
    await user.upload(input, makeFile('quote.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await within(list()).findByText('Network error')).toBeInTheDocument();
  });

  it("marks items failed with 'Upload failed' when the error has no message", async () => {
    const { user, input } = renderUploader({ onUpload: async () => Promise.reject('nope') });
    await user.upload(input, makeFile('quote.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await within(list()).findByText('Upload failed')).toBeInTheDocument();
  });

  it('disables removal while uploading and allows it afterwards', async () => {
    const upload = deferred();
    const { user, input } = renderUploader({ autoUpload: true, onUpload: () => upload.promise });
    await user.upload(input, makeFile('quote.pdf', 'application/pdf'));
    const remove = screen.getByRole('button', { name: 'Remove quote.pdf' });
    expect(remove).toBeDisabled();
    await act(async () => upload.resolve());
    expect(remove).toBeEnabled();
    await user.click(remove);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('removes a pending file', async () => {
    const { user, input } = renderUploader();
    await user.upload(input, makeFile('quote.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Remove quote.pdf' }));
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('uploads chosen files at once with autoUpload and hides the Upload button', async () => {
    const { user, input, onUpload } = renderUploader({ autoUpload: true });
    await user.upload(input, makeFile('quote.pdf', 'application/pdf'));
    expect(onUpload).toHaveBeenCalledTimes(1);
    expect(await within(list()).findByText('Uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('reports the items as they change', async () => {
    const { user, input, onItemsChange } = renderUploader();
    await user.upload(input, makeFile('quote.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await within(list()).findByText('Uploaded');
    const statuses = onItemsChange.mock.calls.map(([items]) =>
      items.map((item) => `${item.status} ${item.progress}`),
    );
    expect(statuses).toEqual([['pending 0'], ['uploading 0'], ['success 100']]);
  });

  it('ignores choices and drops when disabled', () => {
    const { input } = renderUploader({ disabled: true });
    expect(input).toBeDisabled();
    fireEvent.drop(screen.getByTestId('file-drop-zone'), {
      dataTransfer: { files: [makeFile('drop.pdf', 'application/pdf')] },
    });
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('starts from defaultItems', () => {
    const file = makeFile('old.pdf', 'application/pdf', 2048);
    renderUploader({
      defaultItems: [
        { id: '1', file, name: 'old.pdf', size: 2048, type: file.type, status: 'error', progress: 0 },
      ],
    });
    expect(within(list()).getByRole('listitem')).toHaveTextContent('old.pdf2 KBUpload failed');
  });

  it('describes the input with the accepted types and limits', () => {
    const { input } = renderUploader({ multiple: true, accept: ['.pdf'] });
    expect(input).toHaveAccessibleDescription('Accepted types: .pdf · Up to 10 MB per file · up to 5 files');
  });
});

describe('FileUploader stories', () => {
  it.each(Object.entries(composeStories(stories)))(
    '%s renders without console errors or axe violations',
    async (_name, Story) => {
      const error = vi.spyOn(console, 'error');
      const { container } = render(
        <Theme>
          <Story />
        </Theme>,
      );
      // jsdom cannot compute colours; contrast comes from Radix defaults.
      const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(result.violations.map((violation) => violation.id)).toEqual([]);
      expect(error).not.toHaveBeenCalled();
      error.mockRestore();
    },
  );
});
