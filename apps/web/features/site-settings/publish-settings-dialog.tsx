'use client';
import type { SiteSettingsView } from '@sprout/core/contract';
import { useEffect, useId, useState } from 'react';
import { Loader2, Settings2, Upload } from 'lucide-react';
import { SITE_DESCRIPTION_MAX, SITE_TITLE_MAX } from '@sprout/core';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/ui/dialog';
import { Field } from '@/ui/field';
import { Label } from '@/ui/label';
import { Textarea } from '@/ui/textarea';
import { Segmented } from '@/ui/segmented';
import { QueryLoadError } from '@/ui/load-error';
import { Skeleton } from '@/ui/skeleton';
import { LinkPreviewCard } from './link-preview-card';
import { formErrors, formOf, linkPreview, type SettingsForm } from './settings-form';
import { useSaveSiteSettings, useSiteSettings, useUploadSiteImage } from './queries';

/** A file picker as a button; the chosen file is uploaded at once, and what went wrong is said under it. */
function UploadButton({
  label,
  accept,
  kind,
  sproutId,
  onUploaded,
}: {
  label: string;
  accept: string;
  kind: 'social-image' | 'favicon';
  sproutId: string;
  onUploaded: (file: File) => void;
}) {
  const upload = useUploadSiteImage(sproutId, kind);
  const id = useId();
  return (
    <div className="grid gap-1">
      <Button variant="outline" size="sm" className="w-fit" disabled={upload.isPending} asChild>
        <label htmlFor={id} data-testid={`site-${kind}-upload`}>
          {upload.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Upload aria-hidden="true" />}
          {upload.isPending ? 'Uploading…' : label}
          <input
            id={id}
            type="file"
            accept={accept}
            className="sr-only"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) upload.mutate(file, { onSuccess: () => onUploaded(file) });
            }}
          />
        </label>
      </Button>
      {upload.isError ? (
        <p role="alert" className="text-xs text-destructive" data-testid={`site-${kind}-error`}>
          {upload.error.message}
        </p>
      ) : null}
    </div>
  );
}

function SettingsFields({ sproutId, appName, view, onDone }: { sproutId: string; appName: string; view: SiteSettingsView; onDone: () => void }) {
  const [form, setForm] = useState<SettingsForm>(() => formOf(view));
  const [localImage, setLocalImage] = useState<string | null>(null);
  const save = useSaveSiteSettings(sproutId, onDone);
  const errors = formErrors(form);
  const invalid = Object.keys(errors).length > 0;
  const preview = linkPreview(form, view, appName);
  // An uploaded picture shows at once from the file itself; the published one from the app's origin.
  useEffect(() => () => void (localImage && URL.revokeObjectURL(localImage)), [localImage]);
  const imageSrc = preview.image === null ? null : preview.image === 'upload' && localImage ? localImage : view.siteUrl ? view.socialImageUrl : null;
  const set = (patch: Partial<SettingsForm>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) save.mutate(form);
      }}
    >
      <Field
        id="site-title"
        label="Title"
        value={form.title}
        maxLength={SITE_TITLE_MAX + 20}
        placeholder="Your app’s own title"
        hint={`Shown in search results and browser tabs. Up to ${SITE_TITLE_MAX} characters.`}
        error={errors.title}
        onChange={(e) => set({ title: e.currentTarget.value })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="site-description">Description</Label>
        <Textarea
          id="site-description"
          name="site-description"
          rows={3}
          value={form.description}
          maxLength={SITE_DESCRIPTION_MAX + 50}
          aria-invalid={!!errors.description}
          aria-describedby="site-description-help"
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
        <p id="site-description-help" className={errors.description ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
          {errors.description ?? `A sentence or two about your app. ${form.description.trim().length}/${SITE_DESCRIPTION_MAX}`}
        </p>
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium" id="site-social-image-label">
          Social image
        </span>
        <Segmented
          label="Social image"
          value={form.socialImage}
          onChange={(socialImage) => set({ socialImage })}
          className="grid w-full grid-cols-3 rounded-md p-0.5 text-sm"
          itemClassName="rounded px-2 py-1"
          segments={[
            { value: 'thumbnail', label: 'Thumbnail', testId: 'site-social-thumbnail' },
            { value: 'upload', label: 'My image', testId: 'site-social-upload', disabled: !view.hasSocialImageUpload },
            { value: 'none', label: 'None', testId: 'site-social-none' },
          ]}
        />
        <UploadButton
          label="Upload an image"
          accept="image/png,image/jpeg,image/webp"
          kind="social-image"
          sproutId={sproutId}
          onUploaded={(file) => {
            setLocalImage(URL.createObjectURL(file));
            set({ socialImage: 'upload' });
          }}
        />
        <p className="text-xs text-muted-foreground">
          PNG, JPEG or WebP, up to 1 MB; 1200×630 looks best. The thumbnail is the picture Sprout took of your app.
        </p>
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium">Favicon</span>
        <Segmented
          label="Favicon"
          value={form.favicon}
          onChange={(favicon) => set({ favicon })}
          className="grid w-full grid-cols-2 rounded-md p-0.5 text-sm"
          itemClassName="rounded px-2 py-1"
          segments={[
            { value: 'app', label: 'The app’s own', testId: 'site-favicon-app' },
            { value: 'upload', label: 'My icon', testId: 'site-favicon-upload-choice', disabled: !view.hasFaviconUpload },
          ]}
        />
        <UploadButton
          label="Upload an icon"
          accept="image/png,image/jpeg,image/webp,image/x-icon,.ico"
          kind="favicon"
          sproutId={sproutId}
          onUploaded={() => set({ favicon: 'upload' })}
        />
        <p className="text-xs text-muted-foreground">PNG, JPEG, WebP or ICO, up to 100 KB.</p>
      </div>
      <Field
        id="site-language"
        label="Language"
        value={form.language}
        maxLength={35}
        autoComplete="off"
        hint="The language your pages are written in, as a code: en, fr, pt-BR…"
        error={errors.language}
        onChange={(e) => set({ language: e.currentTarget.value })}
      />
      <div className="grid gap-1.5">
        <span className="text-sm font-medium">When shared</span>
        <LinkPreviewCard title={preview.title} description={preview.description} host={preview.host} imageSrc={imageSrc} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={invalid || save.isPending} data-testid="site-settings-save">
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Publish settings": a button opening the dialog where the owner sets how the published pages present themselves. */
export function PublishSettingsButton({ sproutId, appName, disabled }: { sproutId: string; appName: string; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const settings = useSiteSettings(sproutId, open);
  return (
    <>
      <Button variant="ghost" size="sm" className="w-fit" disabled={disabled} onClick={() => setOpen(true)} data-testid="publish-settings-open">
        <Settings2 aria-hidden="true" /> Publish settings
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent data-testid="publish-settings-dialog" className="max-h-[100dvh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Publish settings</DialogTitle>
            <DialogDescription>
              How your published pages appear in search results and when their link is shared. Changes show at once, without publishing again.
            </DialogDescription>
          </DialogHeader>
          {settings.isError ? (
            <QueryLoadError query={settings} title="The settings did not load" />
          ) : settings.data ? (
            <SettingsFields key={sproutId} sproutId={sproutId} appName={appName} view={settings.data} onDone={() => setOpen(false)} />
          ) : (
            <div role="status" aria-label="Loading the settings" className="grid gap-3">
              <Skeleton className="h-9" />
              <Skeleton className="h-20" />
              <Skeleton className="h-9" />
            </div>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
