import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../web/src/app/providers';
import { PhotoUpload } from '../../web/src/components/photo-upload';
import { server } from './msw-server';
import { toastRegion } from './render-app';

function Harness({ multiple = false, initial = [] as string[] }) {
  const [photos, setPhotos] = useState<string[]>(initial);
  return (
    <AppProviders>
      <PhotoUpload label="Photo (optional)" multiple={multiple} value={photos} onChange={setPhotos} />
      <output aria-label="Photo URLs">{photos.join(',')}</output>
    </AppProviders>
  );
}

function renderWidget(props: { multiple?: boolean; initial?: string[] } = {}) {
  // The picker's accept attribute is not applied, as a drag and drop would not apply it either.
  const user = userEvent.setup({ applyAccept: false });
  render(<Harness {...props} />);
  return { user, input: screen.getByLabelText('Photo (optional)', { selector: 'input' }) as HTMLInputElement };
}

function image(name = 'photo.png', size?: number): File {
  const file = new File(['png-bytes'], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('photo upload widget', () => {
  it('advertises JPG, PNG and GIF, with a labelled file input and a keyboard-reachable button', () => {
    renderWidget();
    expect(screen.getByText(/JPG, PNG or GIF, up to 10MB/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Photo (optional)' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Choose Photo' });
    button.focus();
    expect(button).toHaveFocus();
  });

  it('refuses a file that is not an image before sending anything', async () => {
    const { user, input } = renderWidget();
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const toast = within(toastRegion());
    expect(await toast.findByText('Invalid file type')).toBeInTheDocument();
    expect(toast.getByText('notes.txt is not an image file')).toBeInTheDocument();
  });

  it('refuses a file over 10MB', async () => {
    const { user, input } = renderWidget();
    await user.upload(input, image('huge.png', 11 * 1024 * 1024));
    const toast = within(toastRegion());
    expect(await toast.findByText('File too large')).toBeInTheDocument();
    expect(toast.getByText('huge.png exceeds 10MB limit')).toBeInTheDocument();
  });

  it('uploads as multipart field "file" and shows the photo with a remove button', async () => {
    let contentType = '';
    let body = '';
    server.use(
      http.post('/api/objects/upload', async ({ request }) => {
        contentType = request.headers.get('content-type') ?? '';
        body = await request.text();
        return HttpResponse.json({ photoUrl: '/uploads/p1.png' });
      }),
    );
    const { user, input } = renderWidget();
    await user.upload(input, image('noah.png'));
    expect(await screen.findByRole('img', { name: 'Uploaded photo' })).toHaveAttribute('src', '/uploads/p1.png');
    expect(contentType).toContain('multipart/form-data');
    expect(body).toContain('name="file"; filename="noah.png"');
    expect(screen.getByRole('button', { name: 'Replace Photo' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByRole('img', { name: 'Uploaded photo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Photo' })).toHaveFocus();
  });

  it('shows "Upload failed" with the server message of a 415', async () => {
    server.use(
      http.post('/api/objects/upload', () =>
        HttpResponse.json({ message: 'Only JPEG, PNG, GIF or WebP images are accepted', error: 'Unsupported Media Type' }, { status: 415 }),
      ),
    );
    const { user, input } = renderWidget();
    await user.upload(input, image('fake.png'));
    const toast = within(toastRegion());
    expect(await toast.findByText('Upload failed')).toBeInTheDocument();
    expect(toast.getByText('Only JPEG, PNG, GIF or WebP images are accepted')).toBeInTheDocument();
  });

  it('uses the error field when the server sends only that', async () => {
    server.use(http.post('/api/objects/upload', () => HttpResponse.json({ error: 'File exceeds 10MB limit' }, { status: 413 })));
    const { user, input } = renderWidget();
    await user.upload(input, image());
    expect(await within(toastRegion()).findByText('File exceeds 10MB limit')).toBeInTheDocument();
  });

  it('says so when the network fails', async () => {
    server.use(http.post('/api/objects/upload', () => HttpResponse.error()));
    const { user, input } = renderWidget();
    await user.upload(input, image());
    const toast = within(toastRegion());
    expect(await toast.findByText('Upload failed')).toBeInTheDocument();
    expect(toast.getByText('Network error - please check your connection')).toBeInTheDocument();
  });

  it('says "Unknown error occurred" for an answer without a photo URL', async () => {
    server.use(http.post('/api/objects/upload', () => HttpResponse.json({ ok: true })));
    const { user, input } = renderWidget();
    await user.upload(input, image());
    expect(await within(toastRegion()).findByText('Unknown error occurred')).toBeInTheDocument();
  });

  it('adds several photos in multiple mode, one after another', async () => {
    let n = 0;
    server.use(http.post('/api/objects/upload', () => HttpResponse.json({ photoUrl: `/uploads/p${++n}.png` })));
    const { user, input } = renderWidget({ multiple: true, initial: ['/uploads/p0.png'] });
    await user.upload(input, [image('a.png'), image('b.png')]);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Photo URLs' })).toHaveTextContent('/uploads/p0.png,/uploads/p1.png,/uploads/p2.png'),
    );
    expect(screen.getAllByRole('img')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.getByRole('status', { name: 'Photo URLs' })).toHaveTextContent('/uploads/p0.png,/uploads/p2.png');
  });

  it('accepts a dropped file and still checks it', async () => {
    renderWidget();
    const zone = screen.getByRole('button', { name: 'Choose Photo' }).parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'doc.pdf', { type: 'application/pdf' })] } });
    expect(await within(toastRegion()).findByText('doc.pdf is not an image file')).toBeInTheDocument();
  });
});
