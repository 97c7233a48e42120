'use client';
import { useId } from 'react';
import { toast } from '@/lib/browser/toast';
import { Volume2 } from 'lucide-react';
import { usePreferences } from '@/lib/browser/preferences';
import { playRunFinishedSound } from '@/lib/browser/notification-sound';
import { Button } from '@/ui/button';
import { Label } from '@/ui/label';
import { Switch } from '@/ui/switch';

export function SoundSetting() {
  const [prefs, setPrefs] = usePreferences();
  const id = useId();
  return (
    <div className="grid gap-4">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={id}>Notification sound</Label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            Play a short chime when Sprout finishes working on your app. Saved on this device.
          </p>
        </div>
        <Switch
          id={id}
          aria-describedby={`${id}-hint`}
          data-testid="sound-toggle"
          checked={prefs.notificationSound}
          onCheckedChange={(checked) => setPrefs({ notificationSound: checked })}
        />
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        data-testid="test-sound"
        onClick={async () => {
          if (!(await playRunFinishedSound({ force: true }))) toast.error('Your browser did not play the sound. Check that this tab is allowed to play audio.');
        }}
      >
        <Volume2 aria-hidden="true" /> Test sound
      </Button>
    </div>
  );
}
