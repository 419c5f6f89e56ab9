// An endless loop that even tries to swallow the stop: the step budget still ends it.
let n = 0;
while (true) {
  try {
    n++;
  } catch (e) {
    n = 0;
  }
}
