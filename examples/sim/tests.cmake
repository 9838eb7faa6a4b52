add_test(NAME sim_probe COMMAND pgov-sim --list)
