import { describe, expect, it } from 'vitest';
import { buildApp } from './built-app';
import { integrationsOf } from './plan-integrations';

const namesOf = (request: string) => integrationsOf(buildApp(request).files).map((i) => i.name);

describe('plan integrations', () => {
  it('lists what the files really use: functions, e-mail, a deposit, file storage, the app’s AI', () => {
    expect(namesOf('A booking page for my hair salon')).toEqual(['Email', 'Scheduled function']);
    const deposit = integrationsOf(buildApp('A booking page for my hair salon that takes a $20 deposit when clients book').files);
    expect(deposit.map((i) => i.name)).toEqual(['Email', 'Scheduled function', 'Payments']);
    expect(deposit[2]!.reason).toMatch(/^A \$20\.00 deposit at booking/);
    expect(namesOf('A one-page site for my yoga studio with a contact form')).toEqual(['Server function']);
    expect(namesOf('A plant watering tracker')).toEqual(['File storage']);
    expect(namesOf('Build me a consumer app for home cooks that turns what is in the fridge into recipe ideas')).toEqual(['AI']);
  });

  it('lists none for apps that only keep data', () => {
    expect(namesOf('i want a workout log where i record sets, reps and weight')).toEqual([]);
    expect(namesOf('A kanban board for my team')).toEqual([]);
    expect(namesOf('Build a snake game')).toEqual([]);
  });
});
